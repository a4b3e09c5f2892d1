import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchServerStartup } from './server-startup';

function healthReply(status: number, body: unknown) {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
  return response;
}

describe('fetchServerStartup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the whole health reply when the server is ready, so the request ends', async () => {
    const response = healthReply(200, { status: 'ok' });
    expect(await fetchServerStartup()).toEqual({ ready: true, percent: 100 });
    expect(response.bodyUsed).toBe(true);
  });

  it('gives the percentage while the server is starting', async () => {
    healthReply(503, { status: 'starting', percent: 42 });
    expect(await fetchServerStartup()).toEqual({ ready: false, percent: 42 });
  });

  it('counts a reply that is not JSON as ready', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    expect(await fetchServerStartup()).toEqual({ ready: true, percent: 100 });
  });
});
