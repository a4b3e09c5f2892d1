import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { BlockTradesPage } from './BlockTradesPage';

const window = {
  open: true,
  window: 'afternoon',
  tradingDate: '2026-11-23',
  opensAt: Date.UTC(2026, 10, 23, 8, 35),
  closesAt: Date.UTC(2026, 10, 23, 8, 50),
  serverTime: Date.UTC(2026, 10, 23, 8, 40),
};

describe('the block trades page', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'support-token'));

  it('lists the fixed references and the trades, and offers no action that changes anything', {
    timeout: 60_000,
  }, async () => {
    const api = stubConsoleApi({
      'block/references': ok({
        tradingDate: '2026-11-23',
        window,
        items: [
          {
            symbol: 'TCS',
            window: 'afternoon',
            price: '3015.00',
            basis: 'vwap',
            vwapVolume: 2000,
            sourceAt: Date.UTC(2026, 10, 23, 8, 30),
            fixedAt: Date.UTC(2026, 10, 23, 8, 35),
          },
        ],
      }),
      'block/trades': ok({
        items: [
          {
            id: '3',
            positionId: '41',
            side: 'buy',
            symbol: 'TCS',
            name: 'Tata Consultancy Services Ltd.',
            tradingDate: '2026-11-23',
            window: 'afternoon',
            quantity: 100,
            limitPrice: null,
            referencePrice: '3015.00',
            bandLower: '2984.85',
            bandUpper: '3045.15',
            amount: '301500.00',
            fee: '90.45',
            lockDays: 0,
            lockUntil: null,
            placedAt: Date.UTC(2026, 10, 23, 8, 40),
            positionStatus: 'holding',
            userId: '7',
            phone: '9876543210',
          },
        ],
        nextCursor: null,
      }),
    });
    renderWithProviders(<BlockTradesPage />);
    expect(await screen.findByText('VWAP 13:45–14:00')).toBeTruthy();
    expect(await screen.findByText('9876543210')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /offer|approve|save|edit/i })).toBeNull();
    expect(api.calls.map((call) => call.path).sort()).toEqual(['block/references', 'block/trades']);
  });
});
