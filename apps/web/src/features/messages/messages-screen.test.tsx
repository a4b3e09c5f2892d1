import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import MessagesScreen from './messages-screen';

afterEach(() => vi.unstubAllGlobals());

const page = (unread: number) => ({
  status: 1,
  msg: 'ok',
  data: {
    items: [
      {
        id: '2',
        kind: 'DEPOSIT_APPROVED',
        title: 'Deposit credited',
        body: 'Your deposit of 500.00 INR was approved.',
        time: Date.UTC(2026, 10, 23, 5),
        read: unread === 0,
      },
      {
        id: '1',
        kind: 'WELCOME',
        title: 'Welcome to Nivesh',
        body: '',
        time: Date.UTC(2026, 10, 22, 5),
        read: true,
      },
    ],
    nextCursor: null,
    unread,
  },
});

describe('the messages screen', () => {
  it('shows the notices the server rendered and marks them read once', async () => {
    const calls: string[] = [];
    let unread = 1;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        calls.push(url.split('/api/vue/')[1] ?? url);
        if (url.endsWith('message/read')) {
          unread = 0;
          return jsonResponse({ status: 1, msg: 'ok', data: { unread: 0 } });
        }
        return jsonResponse(page(unread));
      }),
    );
    await renderWithApp(<MessagesScreen />);
    expect(await screen.findByText('Deposit credited')).toBeTruthy();
    expect(screen.getByText('Your deposit of 500.00 INR was approved.')).toBeTruthy();
    expect(screen.getByText('Unread')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call === 'message/read')).toHaveLength(1));
  });

  it('shows the empty state when there is nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ status: 1, msg: 'ok', data: { items: [], nextCursor: null, unread: 0 } }),
      ),
    );
    await renderWithApp(<MessagesScreen />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});
