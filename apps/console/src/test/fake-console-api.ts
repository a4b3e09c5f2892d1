import { vi } from 'vitest';

type Reply = { status: number; body: unknown } | ((body: unknown) => { status: number; body: unknown });

export interface RecordedCall {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export const ok = (data: unknown) => ({ status: 200, body: { status: 1, msg: 'ok', data } });

/**
 * Stubs `fetch` with a console API that answers per call path and records every request. A path
 * without an answer fails the test loudly.
 */
export function stubConsoleApi(replies: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/console\//, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const reply = replies[path];
    if (!reply) throw new Error(`The test did not expect a call to ${path}`);
    const { status, body: replyBody } = typeof reply === 'function' ? reply(body) : reply;
    return new Response(JSON.stringify(replyBody), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
