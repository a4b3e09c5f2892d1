import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The root font is the original design's scale, 1/7.5 of the screen width (index.html): 1rem is
// 52 px on a 390 px phone, so a size written as if 1rem were 16 px renders three times too large
// (a message's time at 0.8rem was 41.6 px). Text sizes in rem must sit on the design scale.
const sourceRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function listStyleSheets(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return listStyleSheets(full);
    return name.endsWith('.css') ? [full] : [];
  });
}

describe('text sizes', () => {
  it('every rem font size is on the design scale (0.2rem to 0.6rem: 10 to 30 px on a 375 px phone)', () => {
    const offScale = listStyleSheets(sourceRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/font-size:[^;]*?(\d*\.?\d+)rem/g)]
        .filter((match) => Number(match[1]) < 0.2 || Number(match[1]) > 0.6)
        .map((match) => `${path.relative(sourceRoot, file)}: ${match[0]}`),
    );
    expect(offScale).toEqual([]);
  });
});
