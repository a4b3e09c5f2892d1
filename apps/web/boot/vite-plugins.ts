import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

// Plain paths, not URL objects: the web tests run this under jsdom, whose URL Node's fs refuses.
const bootDir = path.dirname(fileURLToPath(import.meta.url));
const i18nDir = path.join(bootDir, '../src/i18n');
const LANGUAGES = ['en', 'hi', 'zh'] as const;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function lookUp(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    if (node && typeof node === 'object') return (node as Record<string, unknown>)[part];
    return undefined;
  }, catalog);
}

/** The modules of the home screen's first render, whose code the boot script starts with the entry's. */
const HOME_SCREEN_MODULES = ['src/app/routes/home-screen.tsx', 'src/app/shell/top-index-bar.tsx'];

/**
 * The scripts and stylesheets (as /paths) that the chunks of `modules` load, with everything they
 * import statically, less the files in `known` (the entry's). Empty without a bundle (in tests).
 */
function screenFiles(
  bundle: Bundle | undefined,
  modules: string[],
  known: Set<string>,
): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle ?? {}).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pending = chunks.filter((chunk) =>
    modules.some((module) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(module)),
  );
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    const file = `/${chunk.fileName}`;
    if (scripts.has(file) || known.has(file)) continue;
    scripts.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) pending.push(next);
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The first paint comes from index.html, not from JavaScript. An inline boot script (boot/boot.js)
 * draws boot/home-shell.html into #root when the app opens on /home/index with a session, with each
 * {{key}} taken from the language catalogues (every language; the script picks the user's), and
 * starts loading the entry script and its module preloads, which this plugin takes out of the HTML,
 * right after the first contentful paint; on the home shell also the home screen's own chunks, which
 * would otherwise wait for the entry to run. The server allows exactly this script by its hash in the
 * Content-Security-Policy (apps/server/src/http/inline-scripts.ts). A missing key fails the build.
 */
export function bootScript(): Plugin {
  return {
    name: 'nivesh-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const template = (await readFile(path.join(bootDir, 'home-shell.html'), 'utf8'))
          .replace(/>\s+</g, '><')
          .trim();
        const keys = [
          ...new Set([...template.matchAll(/\{\{([\w.]+)\}\}/g)].map((match) => match[1] as string)),
        ];
        const texts: Record<string, Record<string, string>> = {};
        for (const language of LANGUAGES) {
          const catalog = JSON.parse(await readFile(path.join(i18nDir, `${language}.json`), 'utf8'));
          texts[language] = {};
          for (const key of keys) {
            const text = lookUp(catalog, key);
            if (typeof text !== 'string')
              throw new Error(`boot script: ${language}.json has no text "${key}"`);
            texts[language][key] = escapeHtml(text);
          }
        }
        let script = '';
        const preloads: string[] = [];
        const withoutEntry = html
          .replace(
            /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/g,
            (_, src: string) => {
              script = src;
              return '';
            },
          )
          .replace(/\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g, (_, href: string) => {
            preloads.push(href);
            return '';
          });
        if (!script) throw new Error('index.html has no entry <script type="module">');
        const home = screenFiles(context?.bundle, HOME_SCREEN_MODULES, new Set([script, ...preloads]));
        const boot = (await readFile(path.join(bootDir, 'boot.js'), 'utf8'))
          .replace(/^\s*\/\/.*\n/gm, '')
          // Literal JSON where the source has JSON.parse('"__NAME__"') placeholders (valid JavaScript).
          .replace(`JSON.parse('"__TEXTS__"')`, () => JSON.stringify(texts))
          .replace(`JSON.parse('"__TEMPLATE__"')`, () => JSON.stringify(template))
          .replace(`JSON.parse('"__ENTRY__"')`, () => JSON.stringify({ script, preloads, home }))
          .trim();
        if (!withoutEntry.includes('<!--boot-script-->'))
          throw new Error('index.html has no <!--boot-script--> marker');
        return withoutEntry.replace('<!--boot-script-->', `<script>${boot}</script>`);
      },
    },
  };
}

/**
 * The entry's stylesheet goes into index.html as a <style>: the static shells use the app's own
 * classes, so they paint exactly as the app will, with no stylesheet request before the first paint
 * (one round trip less on a slow network). The file stays in the build for the service worker.
 */
export function inlineEntryStyles(): Plugin {
  return {
    name: 'nivesh-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}
