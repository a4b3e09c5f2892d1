import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootScript, inlineEntryStyles } from './boot/vite-plugins.ts';

const distDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Writes the list of files that make up the app shell into dist/sw.js, so the service worker
 * precaches exactly the entry script, its CSS and its static imports. Lazy route chunks are cached
 * at run time, the first time they load. The token in public/sw.js stays an empty list in dev.
 */
function precacheShell(): Plugin {
  let shellFiles: string[] = [];
  return {
    name: 'nivesh-precache-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isEntry) continue;
        files.add(output.fileName);
        for (const imported of output.imports) files.add(imported);
        for (const css of output.viteMetadata?.importedCss ?? []) files.add(css);
      }
      shellFiles = [...files].sort().map((file) => `/${file}`);
    },
    async closeBundle() {
      const swPath = `${distDir}/sw.js`;
      const source = await readFile(swPath, 'utf8');
      const version = Date.now().toString(36);
      const filled = source
        .replace('/*__SHELL_FILES__*/ []', JSON.stringify(shellFiles))
        .replace("'nivesh-shell-dev'", `'nivesh-shell-${version}'`);
      await writeFile(swPath, filled);
    },
  };
}

/**
 * Writes a .br and a .gz copy beside every text file of the build (the server sends them with
 * fastify-static's preCompressed), so no byte of the app goes over the wire uncompressed and the
 * server spends no CPU compressing per request. Runs after the service worker is filled in.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
  async function walk(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(full);
        return compressible.test(entry.name) ? [full] : [];
      }),
    );
    return nested.flat();
  }
  return {
    name: 'nivesh-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      async handler() {
        for (const file of await walk(distDir)) {
          const content = await readFile(file);
          if (content.length < 1024) continue;
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), bootScript(), inlineEntryStyles(), precacheShell(), precompress()],
  build: {
    outDir: distDir,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get stable chunks of their own, cached across releases.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // antd-mobile's animation library: loaded with the first toast or popup, not the first screen.
            { name: 'vendor-motion', test: /node_modules[\\/]@react-spring[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
});
