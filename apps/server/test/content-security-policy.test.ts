import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

const t = await startTestApp();

/** The sources of one directive of the policy a reply carries. */
function directive(policy: string | undefined, name: string): string[] {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

describe('the content-security policy', () => {
  it('lets the investor app show news covers from https addresses, as the console lets staff set them', async () => {
    for (const url of ['/', '/api/vue/common/config']) {
      const reply = await t.app.inject({ method: url === '/' ? 'GET' : 'POST', url, payload: {} });
      const images = directive(reply.headers['content-security-policy'] as string, 'img-src');
      expect(images).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
      // Plain http stays blocked: a cover over http would be mixed content on the https app.
      expect(images).not.toContain('http:');
      expect(images).not.toContain('*');
    }
  });

  it('keeps the other directives strict', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/' });
    const policy = reply.headers['content-security-policy'] as string;
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  });
});
