import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md, checked on the source text: an arrow that points the wrong
// way fails here before a reader has to find it.
const src = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The project files a file imports, as paths relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) =>
    path.relative(src, path.resolve(path.dirname(file), match[1] as string)),
  );
}

const files = sourceFiles(src).map((file) => ({ file, relative: path.relative(src, file) }));

describe('layers', () => {
  it('only the transport and the entry point import from http/', () => {
    const offenders = files
      .filter(({ relative }) => !relative.startsWith('http/') && relative !== 'main.ts')
      .flatMap(({ file, relative }) =>
        importsOf(file)
          .filter((imported) => imported.startsWith('http/'))
          .map((imported) => `${relative} -> ${imported}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the application layer imports no transport, use case or engine', () => {
    const offenders = files
      .filter(({ relative }) => relative.startsWith('application/'))
      .flatMap(({ file, relative }) =>
        importsOf(file)
          .filter((imported) => /^(http|use-cases|engine)\//.test(imported))
          .map((imported) => `${relative} -> ${imported}`),
      );
    expect(offenders).toEqual([]);
  });
});
