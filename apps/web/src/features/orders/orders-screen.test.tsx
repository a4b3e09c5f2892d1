import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import OrdersScreen from './orders-screen';

afterEach(() => vi.unstubAllGlobals());

const order = (overrides: Record<string, unknown>) => ({
  id: '1',
  orderNo: '1',
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  currency: 'INR',
  side: 'long',
  orderType: 'market',
  intraday: false,
  leverage: 1,
  product: 'CNC',
  splitFrom: null,
  quantity: 5,
  status: 'holding',
  placedAt: Date.UTC(2026, 10, 23, 4, 30),
  buyPrice: '2450.05',
  limitPrice: null,
  triggerPrice: null,
  triggered: false,
  held: '0.00',
  buyTime: Date.UTC(2026, 10, 23, 4, 30),
  confirmPrice: '2450.05',
  sellTime: null,
  sellPrice: null,
  ...overrides,
});

describe('the order book and the trade book', () => {
  it('lists every order with its state, and every fill (entry and exit) in the trade book', async () => {
    const items = [
      order({
        id: '3',
        symbol: 'TCS',
        status: 'pending',
        orderType: 'limit',
        limitPrice: '3900.00',
        buyTime: null,
      }),
      order({
        id: '2',
        symbol: 'INFY',
        quantity: 10,
        status: 'closed',
        buyPrice: '1500.00',
        confirmPrice: '1500.00',
        sellTime: Date.UTC(2026, 10, 23, 6, 0),
        sellPrice: '1512.40',
      }),
      order({ id: '1' }),
      order({ id: '0', symbol: 'WIPRO', status: 'cancelled', buyTime: null }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ status: 1, data: { items, nextCursor: null } })),
    );
    await renderWithApp(<OrdersScreen />);
    const book = await screen.findByRole('list', { name: 'Orders' });
    const rows = within(book).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.order-row__status')?.textContent)).toEqual([
      'Open',
      'Executed',
      'Executed',
      'Cancelled',
    ]);
    expect(rows[0]?.textContent).toContain('5 @ ₹3,900.00');

    fireEvent.click(screen.getByRole('tab', { name: 'Trades' }));
    const trades = within(screen.getByRole('list', { name: 'Trades' })).getAllByRole('listitem');
    // INFY's exit is the newest fill; the pending and the cancelled orders have none.
    expect(trades.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^SELLINFY.*₹1,512.4010 shares$/),
      expect.stringMatching(/^BUYINFY.*₹1,500.0010 shares$/),
      expect.stringMatching(/^BUYRELIANCE.*₹2,450.055 shares$/),
    ]);
  });
});
