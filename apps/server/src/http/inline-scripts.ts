import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in a built index.html: the
 * investor app's index.html carries one small boot script (apps/web/boot/home-shell.js) that draws
 * the home screen's static shell before the JavaScript bundle arrives. Allowing exactly these hashes
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
