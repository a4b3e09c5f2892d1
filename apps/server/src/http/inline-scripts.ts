import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in a built index.html: the
 * investor app's index.html carries one small boot script (apps/web/boot/boot.js) that draws the
 * home screen's static shell and then loads the app's JavaScript. Allowing exactly these hashes
 * keeps `script-src 'self'` otherwise closed to inline code. None when the file is absent.
 */
export function inlineScriptSources(indexHtmlPath: string): string[] {
  let html: string;
  try {
    html = readFileSync(indexHtmlPath, 'utf8');
  } catch {
    return [];
  }
  const sources: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.trim() === '') continue;
    sources.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return sources;
}

/**
 * The same sources as a CSP directive value that follows rebuilds: the file is read again when its
 * modification time changes, so a server left running across `npm run build` never blocks the new
 * boot script (which would leave the app without its JavaScript). One stat per response.
 */
export function currentInlineScriptSources(indexHtmlPath: string): () => string {
  let seenMtimeMs = -1;
  let value = "'self'";
  return () => {
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(indexHtmlPath).mtimeMs;
    } catch {
      // Not built: no inline scripts to allow.
    }
    if (mtimeMs !== seenMtimeMs) {
      seenMtimeMs = mtimeMs;
      value = inlineScriptSources(indexHtmlPath).join(' ') || "'self'";
    }
    return value;
  };
}
