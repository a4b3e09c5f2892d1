import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { UserMessagesCard, UserPositionsCard } from './UserActivityCards';

const position = (id: string, status: string) => ({
  id,
  orderNo: id,
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  currency: 'INR',
  side: 'long',
  orderType: 'limit',
  intraday: false,
  leverage: 1,
  quantity: 1,
  status,
  placedAt: Date.UTC(2026, 10, 23, 4, 30),
  buyPrice: '990.00',
  limitPrice: '990.00',
  triggerPrice: null,
  triggered: false,
  held: '990.00',
  buyTime: null,
  confirmPrice: null,
  fillTickAt: null,
  cost: null,
  originalMargin: null,
  currentPrice: null,
  marketValue: null,
  openFee: null,
  closeFee: null,
  fee: '0.00',
  tax: null,
  profitLoss: null,
  netProfitLoss: null,
  houseAbsorbed: null,
  stopOutPrice: null,
  lockTime: null,
  lockRemainingMs: 0,
  locked: false,
  sellTime: null,
  sellPrice: null,
  exitTickAt: null,
  closeReason: null,
  cancelledAt: null,
  cancelReason: null,
});

describe('user activity', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'support-token'));

  it('pages the positions by cursor and filters by state', async () => {
    const api = stubConsoleApi({
      'users/positions': (body) => {
        const { cursor, state } = body as { cursor?: string; state?: string };
        if (state === 'holding') return ok({ items: [], nextCursor: null });
        return cursor
          ? ok({ items: [position('5', 'cancelled')], nextCursor: null })
          : ok({ items: [position('7', 'pending')], nextCursor: '7' });
      },
    });
    renderWithProviders(<UserPositionsCard userId="42" />);
    expect(await screen.findByText('pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load older orders' }));
    expect(await screen.findByText('cancelled')).toBeTruthy();
    expect(api.callsTo('users/positions').map((call) => call.body)).toEqual([
      { userId: '42', limit: 20 },
      { userId: '42', limit: 20, cursor: '7' },
    ]);
  });

  it('shows the notices with their read state', async () => {
    stubConsoleApi({
      'users/messages': ok({
        items: [
          {
            id: '3',
            kind: 'DEPOSIT_APPROVED',
            title: 'Deposit credited',
            body: 'Your deposit of 100.00 INR was approved and credited to your cash.',
            time: Date.UTC(2026, 10, 23, 4, 30),
            read: false,
          },
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<UserMessagesCard userId="42" />);
    expect(await screen.findByText('Deposit credited')).toBeTruthy();
    expect(screen.getByText('unread')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });
});
