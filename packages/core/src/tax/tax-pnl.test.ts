import { describe, expect, it } from 'vitest';
import {
  buildTaxPnl,
  CAPITAL_GAINS_RATES,
  capitalGainsRatesOn,
  estimateCapitalGainsTax,
  gainTermOf,
  type TaxTradeLeg,
} from './tax-pnl.js';

let nextTradeId = 1n;

/** One order on an IST date; turnover = quantity × price, charges as given. */
function trade(
  tradeDate: string,
  leg: 'open' | 'close',
  side: 'buy' | 'sell',
  quantity: bigint,
  pricePaise: bigint,
  options: {
    symbol?: string;
    product?: 'CNC' | 'MIS' | 'MTF';
    sttPaise?: bigint;
    chargesPaise?: bigint;
  } = {},
): TaxTradeLeg {
  const sttPaise = options.sttPaise ?? 0n;
  return {
    tradeId: nextTradeId++,
    symbol: options.symbol ?? 'RELIANCE',
    product: options.product ?? 'CNC',
    side,
    leg,
    quantity,
    turnoverPaise: quantity * pricePaise,
    executedAtMs: Date.parse(`${tradeDate}T05:00:00Z`) + Number(nextTradeId),
    tradeDate,
    sttPaise,
    totalChargesPaise: sttPaise + (options.chargesPaise ?? 0n),
  };
}

describe('capital gains: sales matched to lots first in, first out', () => {
  it('a sale across three lots bought at different prices takes the oldest first', () => {
    const first = trade('2025-04-10', 'open', 'buy', 10n, 100_000n, { sttPaise: 1_000n, chargesPaise: 300n });
    const second = trade('2025-05-12', 'open', 'buy', 10n, 110_000n, {
      sttPaise: 1_100n,
      chargesPaise: 330n,
    });
    const third = trade('2025-06-16', 'open', 'buy', 10n, 120_000n, { sttPaise: 1_200n, chargesPaise: 360n });
    // 25 sold at ₹1,300.00: 10 of the first lot, 10 of the second, 5 of the third.
    const sale = trade('2025-08-01', 'close', 'sell', 25n, 130_000n, {
      sttPaise: 3_250n,
      chargesPaise: 500n,
    });
    const report = buildTaxPnl('2025-26', [sale, third, first, second]);
    expect(report.capitalGains.map((row) => [row.buyTradeId, row.quantity, row.buyValuePaise])).toEqual([
      [first.tradeId, 10n, 1_000_000n],
      [second.tradeId, 10n, 1_100_000n],
      [third.tradeId, 5n, 600_000n],
    ]);
    // The sale's charges split by quantity: 10/25, then 10/15 of the rest, then the rest.
    expect(report.capitalGains.map((row) => row.sellValuePaise)).toEqual([1_300_000n, 1_300_000n, 650_000n]);
    expect(report.capitalGains.map((row) => row.costChargesPaise)).toEqual([
      300n + 200n,
      330n + 200n,
      180n + 100n,
    ]);
    expect(report.capitalGains.map((row) => row.sttPaise)).toEqual([
      1_000n + 1_300n,
      1_100n + 1_300n,
      600n + 650n,
    ]);
    expect(report.capitalGains.map((row) => row.gainPaise)).toEqual([
      1_300_000n - 1_000_000n - 500n,
      1_300_000n - 1_100_000n - 530n,
      650_000n - 600_000n - 280n,
    ]);
    expect(report.capitalGains.every((row) => row.term === 'short')).toBe(true);
    expect(report.totals.sttPaise).toBe(1_000n + 1_100n + 600n + 3_250n);
    expect(report.unmatchedSales).toEqual([]);
  });

  it('a second sale continues where the first stopped in the oldest lot', () => {
    const lot = trade('2025-04-10', 'open', 'buy', 10n, 100_000n);
    const later = trade('2025-04-11', 'open', 'buy', 10n, 200_000n);
    const report = buildTaxPnl('2025-26', [
      lot,
      later,
      trade('2025-05-01', 'close', 'sell', 4n, 150_000n),
      trade('2025-05-02', 'close', 'sell', 8n, 150_000n),
    ]);
    expect(report.capitalGains.map((row) => [row.buyTradeId, row.quantity])).toEqual([
      [lot.tradeId, 4n],
      [lot.tradeId, 6n],
      [later.tradeId, 2n],
    ]);
    expect(report.totals.shortTermGainPaise).toBe(4n * 50_000n + 6n * 50_000n - 2n * 50_000n);
  });

  it('lots bought in earlier years are matched; a sale without any lot is reported as unmatched', () => {
    const report = buildTaxPnl('2025-26', [
      trade('2023-01-05', 'open', 'buy', 5n, 100_000n, { symbol: 'TCS' }),
      trade('2025-06-02', 'close', 'sell', 8n, 120_000n, { symbol: 'TCS' }),
    ]);
    expect(report.capitalGains).toHaveLength(1);
    expect(report.capitalGains[0]).toMatchObject({ quantity: 5n, term: 'long', gainPaise: 100_000n });
    expect(report.unmatchedSales).toEqual([expect.objectContaining({ symbol: 'TCS', quantity: 3n })]);
  });
});

describe('short-term up to 12 months, long-term after', () => {
  it('a sale on the first anniversary is short-term, the day after is long-term', () => {
    expect(gainTermOf('2024-05-10', '2025-05-10')).toBe('short');
    expect(gainTermOf('2024-05-10', '2025-05-11')).toBe('long');
    expect(gainTermOf('2024-02-29', '2025-02-28')).toBe('short');
    expect(gainTermOf('2024-02-29', '2025-03-01')).toBe('long');
  });

  it('one sale over two lots splits into a long-term and a short-term gain', () => {
    const old = trade('2024-08-14', 'open', 'buy', 10n, 100_000n);
    const recent = trade('2024-08-16', 'open', 'buy', 10n, 100_000n);
    const report = buildTaxPnl('2025-26', [old, recent, trade('2025-08-15', 'close', 'sell', 20n, 110_000n)]);
    expect(report.capitalGains.map((row) => [row.buyTradeId, row.term])).toEqual([
      [old.tradeId, 'long'],
      [recent.tradeId, 'short'],
    ]);
    expect(report.totals).toMatchObject({ longTermGainPaise: 100_000n, shortTermGainPaise: 100_000n });
  });
});

describe('the financial year bounds what is reported', () => {
  it('a sale on 31 March belongs to the closing year, one on 1 April to the next', () => {
    const legs = [
      trade('2025-12-01', 'open', 'buy', 10n, 100_000n),
      trade('2026-03-31', 'close', 'sell', 4n, 110_000n),
      trade('2026-04-01', 'close', 'sell', 6n, 120_000n),
    ];
    const closing = buildTaxPnl('2025-26', legs);
    expect(closing.capitalGains.map((row) => row.sellDate)).toEqual(['2026-03-31']);
    expect(closing.months.find((month) => month.month === '2026-03')?.realisedPaise).toBe(40_000n);
    const next = buildTaxPnl('2026-27', legs);
    expect(next.capitalGains.map((row) => [row.sellDate, row.quantity])).toEqual([['2026-04-01', 6n]]);
    expect(next.months[0]).toEqual({ month: '2026-04', realisedPaise: 120_000n });
  });

  it('an unsold lot and a later year’s trades realise nothing', () => {
    const report = buildTaxPnl('2025-26', [
      trade('2025-04-01', 'open', 'buy', 10n, 100_000n),
      trade('2026-05-01', 'close', 'sell', 10n, 110_000n),
    ]);
    expect(report.capitalGains).toEqual([]);
    expect(report.totals.realisedPaise).toBe(0n);
    expect(report.months).toHaveLength(12);
  });
});

describe('intraday and short trades are speculative income, apart', () => {
  it('an MIS round trip and a short round trip deduct every charge, STT included', () => {
    const report = buildTaxPnl('2025-26', [
      trade('2025-07-01', 'open', 'buy', 10n, 100_000n, { product: 'MIS', chargesPaise: 2_000n }),
      trade('2025-07-01', 'close', 'sell', 10n, 101_000n, {
        product: 'MIS',
        sttPaise: 300n,
        chargesPaise: 2_000n,
      }),
      trade('2025-07-02', 'open', 'sell', 5n, 100_000n, {
        product: 'MIS',
        sttPaise: 100n,
        chargesPaise: 1_000n,
      }),
      trade('2025-07-02', 'close', 'buy', 5n, 98_000n, { product: 'MIS', chargesPaise: 1_000n }),
    ]);
    expect(report.capitalGains).toEqual([]);
    expect(report.speculative.map((row) => [row.direction, row.pnlPaise])).toEqual([
      ['long', 10_000n - 4_300n],
      ['short', 10_000n - 2_100n],
    ]);
    expect(report.totals.speculativePnlPaise).toBe(5_700n + 7_900n);
    expect(report.totals.shortTermGainPaise).toBe(0n);
    expect(report.totals.chargesPaise).toBe(6_400n);
  });

  it('an MIS buy is never a lot for a delivery sale of the same symbol', () => {
    const report = buildTaxPnl('2025-26', [
      trade('2025-07-01', 'open', 'buy', 10n, 100_000n, { product: 'MIS' }),
      trade('2025-07-01', 'open', 'buy', 10n, 90_000n),
      trade('2025-07-01', 'close', 'sell', 10n, 101_000n, { product: 'MIS' }),
      trade('2025-07-03', 'close', 'sell', 10n, 95_000n),
    ]);
    expect(report.speculative.map((row) => row.pnlPaise)).toEqual([10_000n]);
    expect(report.capitalGains.map((row) => row.gainPaise)).toEqual([50_000n]);
  });
});

describe('the tax estimate', () => {
  const current = CAPITAL_GAINS_RATES[0]!;

  it('applies 20% to short-term and 12.5% to long-term gains above ₹1.25 lakh', () => {
    const estimate = estimateCapitalGainsTax(1_000_000n, 20_000_000n, current);
    expect(estimate).toMatchObject({
      taxableShortTermPaise: 1_000_000n,
      taxableLongTermPaise: 7_500_000n,
      shortTermTaxPaise: 200_000n,
      longTermTaxPaise: 937_500n,
      totalTaxPaise: 1_137_500n,
    });
  });

  it('sets a short-term loss off against long-term gains; a long-term loss never reduces short-term tax', () => {
    expect(estimateCapitalGainsTax(-5_000_000n, 20_000_000n, current)).toMatchObject({
      taxableShortTermPaise: 0n,
      taxableLongTermPaise: 2_500_000n,
    });
    expect(estimateCapitalGainsTax(1_000_000n, -5_000_000n, current)).toMatchObject({
      taxableShortTermPaise: 1_000_000n,
      taxableLongTermPaise: 0n,
      totalTaxPaise: 200_000n,
    });
  });

  it('the rates change on 2024-07-23', () => {
    expect(capitalGainsRatesOn('2024-07-22').shortTermBps).toBe(1_500n);
    expect(capitalGainsRatesOn('2024-07-23').shortTermBps).toBe(2_000n);
    expect(buildTaxPnl('2024-25', []).estimate.rates.from).toBe('2024-07-23');
  });
});
