import { describe, expect, it } from 'vitest';
import { netExecutedLegs } from './net-positions.js';

describe('netting executed legs as Kite positions', () => {
  it('nets a buy and a part sold of one symbol and product, valuing what is left at the last price', () => {
    const [row] = netExecutedLegs(
      [
        { symbol: 'INFY', product: 'CNC', transactionType: 'BUY', quantity: 10, pricePaise: 10_000n },
        { symbol: 'INFY', product: 'CNC', transactionType: 'SELL', quantity: 4, pricePaise: 11_000n },
      ],
      () => 10_500n,
    );
    expect(row).toMatchObject({
      quantity: 6,
      buyValuePaise: 100_000n,
      sellValuePaise: 44_000n,
      averagePricePaise: 10_000n,
      pnlPaise: 7_000n,
    });
  });

  it('keeps products apart and shows a short as a negative quantity', () => {
    const rows = netExecutedLegs(
      [
        { symbol: 'TCS', product: 'MIS', transactionType: 'SELL', quantity: 5, pricePaise: 300_000n },
        { symbol: 'TCS', product: 'CNC', transactionType: 'BUY', quantity: 1, pricePaise: 300_000n },
      ],
      () => 290_000n,
    );
    expect(rows.map((row) => [row.product, row.quantity, row.pnlPaise])).toEqual([
      ['MIS', -5, 50_000n],
      ['CNC', 1, -10_000n],
    ]);
  });
});
