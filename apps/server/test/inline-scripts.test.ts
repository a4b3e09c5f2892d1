import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptSources } from '../src/http/inline-scripts.js';

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
  });
});
