import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiError, call } from '../api/client';
import { spyOnApiHooks } from '../test/api-hooks';
import { jsonResponse, renderWithApp } from '../test/render';
import { NetworkError } from './network-error';
import { QueryState } from './query-state';

const { notify, redirectToLogin } = spyOnApiHooks();

/** A screen as most are written: a read, and the retry block whenever it failed. */
function Screen() {
  const query = useQuery<unknown, ApiError>({
    queryKey: ['messages'],
    queryFn: () => call('message/unreadCount', {}),
  });
  return (
    <>
      {query.isError ? <NetworkError onRetry={() => void query.refetch()} /> : null}
      <QueryState query={query}>{() => <p>loaded</p>}</QueryState>
    </>
  );
}

describe('a read answered 401', () => {
  it('shows only the session-expired handling, never "Can\u2019t reach Nivesh"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ status: 0, msg: 'unauthorised' }, 401)),
    );
    await renderWithApp(<Screen />);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Your session has expired. Please log in again.'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText("Can't reach Nivesh")).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The handling ends at the login screen (after the toast's 2 seconds).
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  });

  it('still offers the retry for a lost connection', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await renderWithApp(<Screen />);
    expect((await screen.findAllByText("Can't reach Nivesh", {}, { timeout: 5_000 })).length).toBeGreaterThan(
      0,
    );
  });
});
