import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { spyOnApiHooks } from '../test/api-hooks';
import { jsonResponse } from '../test/render';
import { ApiError, call } from './client';

const { notify, redirectToLogin } = spyOnApiHooks();

function stubFetch(reply: Response | Error) {
  const fetchStub = vi.fn<typeof fetch>(async () => {
    if (reply instanceof Error) throw reply;
    return reply;
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function sentHeaders(fetchStub: ReturnType<typeof stubFetch>): Record<string, string> {
  return fetchStub.mock.calls[0]?.[1]?.headers as Record<string, string>;
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('call', () => {
  it('posts JSON to /api/vue/<area>/<action> with the session and language headers', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('account', '9876543210');
    localStorage.setItem('lang', 'yd');
    const fetchStub = stubFetch(
      jsonResponse({ status: 1, msg: '', data: [{ name: 'title', value: 'Nivesh' }] }),
    );

    const data = await call('common/config', { type: 'all' }, { idempotencyKey: 'key-1' });

    expect(data).toEqual([{ name: 'title', value: 'Nivesh' }]);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/vue/common/config');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"type":"all"}');
    expect(sentHeaders(fetchStub)).toMatchObject({
      token: 'tok-1',
      account: '9876543210',
      lang: 'hi',
      'Idempotency-Key': 'key-1',
    });
  });

  it('sends no session headers when signed out', async () => {
    const fetchStub = stubFetch(jsonResponse({ status: 1, data: null }));
    await call('user/login', { account: '9876543210', password: 'x' });
    expect(sentHeaders(fetchStub)).not.toHaveProperty('token');
    expect(sentHeaders(fetchStub)).not.toHaveProperty('account');
  });

  it('on 401 clears the session, says so, and opens the login after 2 seconds', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'expired');
    localStorage.setItem('account', '9876543210');
    localStorage.setItem('lang', 'hi');
    stubFetch(jsonResponse({ status: 0, msg: 'unauthorised' }, 401));

    const failure = await call('user/getUserinfo', {}).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('unauthorized');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(notify).toHaveBeenCalledWith('Your session has expired. Please log in again.');

    vi.advanceTimersByTime(1_999);
    expect(redirectToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('redirects once when several calls answer 401 together', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 0 }, 401)),
    );

    await Promise.allSettled([
      call('user/getUserinfo', {}),
      call('message/unreadCount', {}),
      call('user/sessions', {}),
    ]);
    vi.advanceTimersByTime(2_000);

    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('toasts a refusal in its own words and throws it with its code and params', async () => {
    stubFetch(
      jsonResponse({
        status: 0,
        code: 'ACCOUNT_OR_PASSWORD_WRONG',
        msg: 'Account or password is wrong',
        params: {},
      }),
    );

    const failure = (await call('user/login', { account: '9876543210', password: 'x' }).catch(
      (error: unknown) => error,
    )) as ApiError;

    expect(failure.kind).toBe('business');
    expect(failure.code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect(failure.isNotified).toBe(true);
    expect(notify).toHaveBeenCalledWith('Account or password is wrong');
  });

  it('formats money params into the refusal', async () => {
    stubFetch(
      jsonResponse({
        status: 0,
        code: 'AMOUNT_BELOW_MIN',
        msg: 'The minimum is ₹{min}',
        params: { min: '100000' },
      }),
    );
    await call('loan/info', {}).catch(() => undefined);
    expect(notify).toHaveBeenCalledWith('The minimum is ₹1,00,000.00');
  });

  it('does not toast a refusal when the caller shows it', async () => {
    stubFetch(jsonResponse({ status: 0, code: 'X', msg: 'No' }));
    await call('user/logout', {}, { silent: true }).catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
  });

  it('turns a failed connection into a retryable network error, without a toast', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const failure = (await call('parameter/zhishu', { type: 'inr' }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(failure.kind).toBe('network');
    expect(failure.isRetryable).toBe(true);
    expect(failure.message).toBe('Network error. Check your connection and try again.');
    expect(notify).not.toHaveBeenCalled();
  });

  it('gives up after 10 seconds without an answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );

    const pending = call('trade/kline', { symbol: 'NIFTY50' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const failure = (await pending) as ApiError;

    expect(failure.kind).toBe('timeout');
    expect(failure.isRetryable).toBe(true);
  });

  it('treats a 500 without an envelope as a retryable server error', async () => {
    stubFetch(new Response('oops', { status: 500 }));
    const failure = (await call('user/getUserinfo', {}).catch((error: unknown) => error)) as ApiError;
    expect(failure.kind).toBe('http');
    expect(failure.isRetryable).toBe(true);
    expect(failure.message).toBe('Something went wrong on our side. Please try again.');
  });
});

describe('a busy server (429 SERVER_BUSY)', () => {
  const busy = (seconds: number) =>
    jsonResponse(
      {
        status: 0,
        code: 'SERVER_BUSY',
        msg: `Busy right now, please try again in ${seconds} s`,
        params: { retryAfterSeconds: seconds },
      },
      429,
    );

  it('tells the user "busy, retrying in N s" and sends the same request with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const replies = [busy(3), jsonResponse({ status: 1, msg: '', data: { id: '7' } })];
    const fetchStub = vi.fn<typeof fetch>(async () => replies.shift()!);
    vi.stubGlobal('fetch', fetchStub);

    const placed = call(
      'trade/open',
      { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
      { idempotencyKey: 'order-key-1' },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(notify).toHaveBeenCalledWith('Busy right now, retrying in 3 s');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);

    await expect(placed).resolves.toEqual({ id: '7' });
    expect(fetchStub).toHaveBeenCalledTimes(2);
    const [first, second] = fetchStub.mock.calls.map((args) => args[1]);
    expect((first?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toBe('order-key-1');
    expect((second?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toBe('order-key-1');
    expect(second?.body).toBe(first?.body);
  });

  it('says it in Hindi and Chinese too', async () => {
    for (const [language, text] of [
      ['hi', 'अभी व्यस्त है, 2 सेकंड में फिर से कोशिश कर रहे हैं'],
      ['zh', '当前繁忙，2 秒后自动重试'],
    ] as const) {
      await changeLanguage(language);
      vi.useFakeTimers();
      const replies = [busy(2), jsonResponse({ status: 1, msg: '', data: [] })];
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(async () => replies.shift()!),
      );
      const answered = call('common/config', { type: 'all' });
      await vi.advanceTimersByTimeAsync(2_000);
      await expect(answered).resolves.toEqual([]);
      expect(notify).toHaveBeenCalledWith(text);
      vi.useRealTimers();
    }
  });

  it("gives up after a few tries and shows the server's refusal", async () => {
    vi.useFakeTimers();
    const fetchStub = vi.fn<typeof fetch>(async () => busy(1));
    vi.stubGlobal('fetch', fetchStub);
    const answered = call('common/config', { type: 'all' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await answered;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('SERVER_BUSY');
    expect(fetchStub).toHaveBeenCalledTimes(4);
    expect(notify).toHaveBeenLastCalledWith('Busy right now, please try again in 1 s');
  });
});
