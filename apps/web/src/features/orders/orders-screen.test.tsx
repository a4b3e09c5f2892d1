import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Position } from '../../api/positions';
import { aPosition } from '../../test/position';
import { renderWithApp, stubOnePage } from '../../test/render';
import OrdersScreen from './orders-screen';

afterEach(() => vi.unstubAllGlobals());

/** A delivery order of 5 RELIANCE bought at ₹2,450.05; fields overridden as a test needs. */
const order = (overrides: Partial<Position>) =>
  aPosition({
    product: 'CNC',
    leverage: 1,
    quantity: 5,
    buyPrice: '2450.05',
    confirmPrice: '2450.05',
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
    stubOnePage(items);
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
