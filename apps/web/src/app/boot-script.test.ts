import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IndexHtmlTransformHook } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../boot/vite-plugins.ts';
import en from '../i18n/en.json';
import hi from '../i18n/hi.json';

/** A build's chunks, as much of them as the boot plugin reads. */
function chunk(fileName: string, facadeModuleId: string, imports: string[] = [], css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  };
}

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/main.js', '/app/src/main.tsx', ['assets/vendor.js']),
    chunk('assets/vendor.js', '/app/node_modules/react/index.js'),
    chunk('assets/home.js', '/app/src/app/routes/home-screen.tsx', ['assets/vendor.js', 'assets/list.js']),
    chunk('assets/list.js', '/app/src/features/market/list.ts', [], ['assets/list.css']),
    chunk('assets/bar.js', '/app/src/app/shell/top-index-bar.tsx', ['assets/list.js']),
    chunk('assets/login.js', '/app/src/features/login/login-screen.tsx'),
  ].map((output) => [output.fileName, output]),
);

/** index.html as the build writes it, and its inline boot script. */
async function builtIndexHtml(): Promise<{ html: string; script: string }> {
  const source = await readFile(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  const transform = bootScript().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const built = source.replace(
    '<script type="module" src="/src/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/main.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
  );
  const html = (await transform.handler.call({} as never, built, { bundle: BUNDLE } as never)) as string;
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return { html, script };
}

function openAt(hash: string, storage: Record<string, string>, script: string): HTMLElement {
  for (const loaded of document.head.querySelectorAll('script, link')) loaded.remove();
  document.body.innerHTML = '<div id="root"><div class="boot-shell">logo</div></div>';
  window.location.hash = hash;
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  new Function(script)();
  return document.getElementById('root') as HTMLElement;
}

afterEach(async () => {
  // Let a test's boot script finish appending (a few elements per task) before the next one looks.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
  localStorage.clear();
  window.location.hash = '';
  document.documentElement.lang = 'en';
});

describe('the static home shell in index.html', () => {
  it('draws the home frame in the stored language when the app opens on home with a session', async () => {
    const { html, script } = await builtIndexHtml();
    expect(html).not.toContain('<!--boot-script-->');
    const root = openAt('#/home/index', { token: 't', account: '9000000001', lang: 'hi' }, script);
    expect(root.querySelector('.app-shell')?.hasAttribute('inert')).toBe(true);
    expect(root.querySelector('.empty-state__description')?.textContent).toBe(hi.home.holdings.emptyBody);
    expect(root.querySelector('.tab-strip__tab--active')?.textContent).toBe(hi.home.product.inventory);
    expect(root.querySelectorAll('.tab-bar__item')).toHaveLength(5);
    expect(root.innerHTML).not.toContain('{{');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('falls back to English for a language the app does not speak', async () => {
    const { script } = await builtIndexHtml();
    const root = openAt('#/home/index', { token: 't', lang: 'xx' }, script);
    // jsdom's navigator speaks en-US.
    expect(root.querySelector('.empty-state__message')?.textContent).toBe(en.home.holdings.empty);
  });

  it('takes the entry script out of the HTML and loads it after the first paint', async () => {
    const { html, script } = await builtIndexHtml();
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    openAt('#/login/login', {}, script);
    expect(document.head.querySelector('script[type="module"]')).toBeNull();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe('/assets/main.js');
    const preloads = [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    expect(preloads).toEqual(['/assets/vendor.js']);
  });

  it("starts the home screen's chunks with the entry's on the home shell, two per task", async () => {
    const { script } = await builtIndexHtml();
    openAt('#/home/index', { token: 't' }, script);
    // Just after the boot script's first task: the entry script and one link.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const links = () => [...document.head.querySelectorAll('link')];
    expect(document.head.querySelector('script[type="module"]')).not.toBeNull();
    expect(links()).toHaveLength(1);
    // The later tasks add the rest, two at a time: waited for rather than timed, since a loaded
    // machine runs those tasks late.
    await vi.waitFor(() => expect(links()).toHaveLength(5), { timeout: 10_000 });
    const hrefs = links().map((link) => `${link.rel} ${link.getAttribute('href')}`);
    expect(hrefs.sort()).toEqual([
      'modulepreload /assets/bar.js',
      'modulepreload /assets/home.js',
      'modulepreload /assets/list.js',
      'modulepreload /assets/vendor.js',
      'stylesheet /assets/list.css',
    ]);
  });

  it('leaves the logo shell without a session or on another screen', async () => {
    const { script } = await builtIndexHtml();
    expect(openAt('#/home/index', {}, script).textContent).toBe('logo');
    expect(openAt('#/login/login', { token: 't' }, script).textContent).toBe('logo');
  });
});
