import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { setApiHooks } from './client';
import { createQueryClient, useApiMutation } from './hooks';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function keyOf(fetchStub: ReturnType<typeof vi.fn<typeof fetch>>, call: number): string | undefined {
  const headers = (fetchStub.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
  return headers['Idempotency-Key'];
}

beforeEach(() => setApiHooks({ notify: () => undefined, redirectToLogin: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

/** Submits one loan repayment per amount, one after another, from one mounted mutation. */
async function submitRepayments(amounts: string[]) {
  const { result } = renderHook(() => useApiMutation('loan/repay'), { wrapper });
  for (const amount of amounts) {
    await act(async () => {
      await result.current.submit({ amount, fundPassword: 'secret' });
    });
  }
}

describe('useApiMutation', () => {
  it('submits a double tap once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchStub = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchStub);
    const { result } = renderHook(() => useApiMutation('loan/repay'), {
      wrapper,
    });

    let first: Promise<unknown> = Promise.resolve(undefined);
    let second: Promise<unknown> = Promise.resolve(undefined);
    act(() => {
      first = result.current.submit({ amount: '500.00', fundPassword: 'secret' });
      second = result.current.submit({ amount: '500.00', fundPassword: 'secret' });
    });
    await vi.waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    await act(async () => answer(jsonResponse({ status: 1, data: 'ok' })));

    expect(await first).toBe('ok');
    expect(await second).toBeUndefined();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('reuses the idempotency key when retrying after a lost answer, and not after a definite one', async () => {
    const replies: Array<Response | Error> = [
      new TypeError('Failed to fetch'),
      jsonResponse({ status: 1, data: 'done' }),
      jsonResponse({ status: 1, data: 'again' }),
    ];
    const fetchStub = vi.fn<typeof fetch>(async () => {
      const reply = replies.shift();
      if (!reply || reply instanceof Error) throw reply ?? new Error('no reply');
      return reply;
    });
    vi.stubGlobal('fetch', fetchStub);
    await submitRepayments(['100.00', '100.00', '100.00']);

    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(keyOf(fetchStub, 1)).toBe(keyOf(fetchStub, 0));
    expect(keyOf(fetchStub, 2)).not.toBe(keyOf(fetchStub, 1));
  });

  it('uses a new key when the user changes what they submit', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchStub);
    await submitRepayments(['100.00', '200.00']);

    expect(keyOf(fetchStub, 1)).not.toBe(keyOf(fetchStub, 0));
  });
});
