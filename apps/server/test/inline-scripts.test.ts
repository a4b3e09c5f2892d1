import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentInlineScriptSources, inlineScriptSources } from '../src/http/inline-scripts.js';

const dir = await mkdtemp(path.join(tmpdir(), 'nivesh-inline-scripts-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('inlineScriptSources (the CSP hashes of index.html boot scripts)', () => {
  it('answers the sha256 source of each inline script and skips scripts loaded by src', async () => {
    const boot = "(() => { document.documentElement.lang = 'en'; })();";
    const file = path.join(dir, 'index.html');
    await writeFile(
      file,
      `<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head>` +
        `<body><div id="root"></div><script>${boot}</script><script></script></body></html>`,
    );
    const expected = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    expect(inlineScriptSources(file)).toEqual([expected]);
  });

  it('answers nothing when the app is not built', () => {
    expect(inlineScriptSources(path.join(dir, 'missing', 'index.html'))).toEqual([]);
    expect(currentInlineScriptSources(path.join(dir, 'missing', 'index.html'))()).toBe("'self'");
  });

  it('follows a rebuilt index.html without a restart', async () => {
    const file = path.join(dir, 'rebuilt.html');
    const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    await writeFile(file, '<script>one()</script>');
    const directive = currentInlineScriptSources(file);
    expect(directive()).toBe(hashOf('one()'));
    await writeFile(file, '<script>two()</script>');
    await utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect(directive()).toBe(hashOf('two()'));
  });
});
