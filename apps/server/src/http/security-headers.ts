import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { currentInlineScriptSources } from './inline-scripts.js';

/** How often the built index.html is looked at again for a changed boot script (a rebuild). */
const INLINE_SCRIPT_RECHECK_MS = 1_000;

/**
 * The headers helmet writes for these options, computed once: helmet runs against a response that
 * only records them. @fastify/helmet built helmet's middleware again on every request (about 3 %
 * of an order's CPU); the headers are the same for every reply, so they are set from this list.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/** The policy of every reply (DESIGN.md section 7): a strict CSP plus helmet's defaults. */
function securityOptions(scriptSources: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Plus the investor app's inline boot script (its static home shell), by hash.
        scriptSrc: ["'self'", scriptSources],
        // antd and antd-mobile write styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // News covers and other content images are https addresses staff enter in the console.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Sets the security headers on every reply from a list built once, and again only when the built
 * investor app's boot script changes (looked at once a second, so a rebuild is followed without a
 * restart).
 */
export function registerSecurityHeaders(app: FastifyInstance, indexHtmlPath: string): void {
  const scriptSources = currentInlineScriptSources(indexHtmlPath);
  let sources = scriptSources();
  let headers = helmetHeaders(securityOptions(sources));
  let checkedAtMs = performance.now();
  app.addHook('onRequest', (_request, reply, done) => {
    const nowMs = performance.now();
    if (nowMs - checkedAtMs >= INLINE_SCRIPT_RECHECK_MS) {
      checkedAtMs = nowMs;
      const current = scriptSources();
      if (current !== sources) {
        sources = current;
        headers = helmetHeaders(securityOptions(sources));
      }
    }
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
