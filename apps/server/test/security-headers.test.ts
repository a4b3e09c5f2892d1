import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

const t = await startTestApp();

// What @fastify/helmet 13 (helmet 8.3) sent for the app's options before the headers were computed
// once (http/security-headers.ts); the script hashes of a built app are masked.
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: https:;object-src 'none';script-src 'self' 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self' ws: wss:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The headers of a reply that say how a browser must treat it (not its length, type, date or id). */
function securityHeaders(headers: Record<string, unknown>) {
  const names = new Set(Object.keys(EXPECTED));
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => names.has(name) || name.startsWith('x-') || name.startsWith('cross-'))
      .filter(([name]) => name !== 'x-request-id')
      .map(([name, value]) => [
        name,
        name === 'content-security-policy'
          ? String(value).replace(/'sha256-[^']+'( '?sha256-[^']+')*/g, "'self'")
          : value,
      ]),
  );
}

describe('security headers', () => {
  it('are the same on an API reply, a refusal for an unknown call and the app shell', async () => {
    for (const [method, url] of [
      ['POST', '/api/vue/common/config'],
      ['POST', '/api/vue/no/such'],
      ['GET', '/'],
    ] as const) {
      const reply = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(securityHeaders(reply.headers)).toEqual(EXPECTED);
    }
  });
});
