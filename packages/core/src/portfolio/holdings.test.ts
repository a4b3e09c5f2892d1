import { describe, expect, it } from 'vitest';
import { summariseHoldings } from './holdings.js';

describe('holdings: open delivery lots grouped by symbol and product', () => {
  it('two lots of one symbol make one row at their average price', () => {
    const { rows, summary } = summariseHoldings(
      [
        { symbol: 'RELIANCE', product: 'CNC', quantity: 10n, entryPricePaise: 100_000n },
        { symbol: 'RELIANCE', product: 'CNC', quantity: 10n, entryPricePaise: 110_000n },
      ],
      new Map([['RELIANCE', { lastPaise: 120_000n, previousClosePaise: 115_000n }]]),
    );
    expect(rows).toEqual([
      {
        symbol: 'RELIANCE',
        product: 'CNC',
        quantity: 20n,
        averagePricePaise: 105_000n,
        investedPaise: 2_100_000n,
        lastPricePaise: 120_000n,
        isPriced: true,
        currentValuePaise: 2_400_000n,
        dayChangePaise: 100_000n,
        dayChangeBps: 435n,
        pnlPaise: 300_000n,
        pnlBps: 1_429n,
      },
    ]);
    expect(summary).toEqual({
      investedPaise: 2_100_000n,
      currentValuePaise: 2_400_000n,
      dayPnlPaise: 100_000n,
      dayPnlBps: 435n,
      pnlPaise: 300_000n,
      pnlBps: 1_429n,
    });
  });

  it('a CNC and an MTF lot of the same symbol stay apart; rows sort by symbol', () => {
    const { rows, summary } = summariseHoldings(
      [
        { symbol: 'TCS', product: 'MTF', quantity: 2n, entryPricePaise: 300_000n },
        { symbol: 'TCS', product: 'CNC', quantity: 1n, entryPricePaise: 310_000n },
        { symbol: 'INFY', product: 'CNC', quantity: 3n, entryPricePaise: 150_000n },
      ],
      new Map([
        ['TCS', { lastPaise: 290_000n, previousClosePaise: 300_000n }],
        ['INFY', { lastPaise: 150_000n, previousClosePaise: 150_000n }],
      ]),
    );
    expect(rows.map((row) => [row.symbol, row.product, row.pnlPaise])).toEqual([
      ['INFY', 'CNC', 0n],
      ['TCS', 'CNC', -20_000n],
      ['TCS', 'MTF', -20_000n],
    ]);
    expect(summary.pnlPaise).toBe(-40_000n);
    expect(summary.dayPnlPaise).toBe(-30_000n);
  });

  it('a symbol without a price is valued at its average price, flagged unpriced', () => {
    const { rows } = summariseHoldings(
      [{ symbol: 'NEWCO', product: 'CNC', quantity: 3n, entryPricePaise: 10_001n }],
      new Map(),
    );
    expect(rows[0]).toMatchObject({
      isPriced: false,
      averagePricePaise: 10_001n,
      pnlPaise: 0n,
      dayChangePaise: 0n,
    });
  });

  it('no positions make an empty view with zero totals', () => {
    expect(summariseHoldings([], new Map())).toEqual({
      rows: [],
      summary: {
        investedPaise: 0n,
        currentValuePaise: 0n,
        dayPnlPaise: 0n,
        dayPnlBps: 0n,
        pnlPaise: 0n,
        pnlBps: 0n,
      },
    });
  });
});
