import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargeLines,
  type ChargeSchedule,
  chargeScheduleProblems,
  computeCharges,
  DEFAULT_CHARGE_SCHEDULE,
  formatRatePercent,
  isDpChargeable,
  parseRatePercent,
  scheduleInForce,
  schedulesFrom,
  tradeSideOf,
} from './charges.js';
import { PRODUCTS } from './product.js';

// The reference's test vector (docs/adr/0020-charges-schedule-and-postings.md): 100 RELIANCE bought
// at ₹1,430.10 and sold at ₹1,517.80.
const BUY_TURNOVER = 14_301_000n;
const SELL_TURNOVER = 15_178_000n;

const sumLines = (a: ChargeLines, b: ChargeLines): ChargeLines => ({
  brokeragePaise: a.brokeragePaise + b.brokeragePaise,
  sttPaise: a.sttPaise + b.sttPaise,
  exchangePaise: a.exchangePaise + b.exchangePaise,
  sebiPaise: a.sebiPaise + b.sebiPaise,
  stampPaise: a.stampPaise + b.stampPaise,
  gstPaise: a.gstPaise + b.gstPaise,
  dpPaise: a.dpPaise + b.dpPaise,
  dpGstPaise: a.dpGstPaise + b.dpGstPaise,
  totalPaise: a.totalPaise + b.totalPaise,
});

describe('the charges of the test vector', () => {
  it('delivery: ₹342.47 over the buy and the sale, every line to the paisa', () => {
    const buy = computeCharges(
      { product: 'CNC', side: 'buy', turnoverPaise: BUY_TURNOVER, isDpCharged: false },
      DEFAULT_CHARGE_SCHEDULE,
    );
    const sell = computeCharges(
      { product: 'CNC', side: 'sell', turnoverPaise: SELL_TURNOVER, isDpCharged: true },
      DEFAULT_CHARGE_SCHEDULE,
    );
    expect(buy).toEqual({
      brokeragePaise: 0n,
      sttPaise: 14_300n, // ₹143.01 to the rupee
      exchangePaise: 425n, // 424.74
      sebiPaise: 14n, // 14.301
      stampPaise: 2_145n, // 2145.15
      gstPaise: 79n, // 18% of 439 = 79.02
      dpPaise: 0n,
      dpGstPaise: 0n,
      totalPaise: 16_963n,
    });
    expect(sell).toEqual({
      brokeragePaise: 0n,
      sttPaise: 15_200n, // ₹151.78 to the rupee
      exchangePaise: 451n,
      sebiPaise: 15n,
      stampPaise: 0n,
      gstPaise: 84n,
      dpPaise: 1_534n, // ₹13 + 18% GST
      dpGstPaise: 234n,
      totalPaise: 17_284n,
    });
    expect(sumLines(buy, sell)).toEqual({
      brokeragePaise: 0n,
      sttPaise: 29_500n,
      exchangePaise: 876n,
      sebiPaise: 29n,
      stampPaise: 2_145n,
      gstPaise: 163n,
      dpPaise: 1_534n,
      dpGstPaise: 234n,
      totalPaise: 34_247n,
    });
  });

  it('intraday: ₹100.17, brokerage capped at ₹20 on each order', () => {
    const buy = computeCharges(
      { product: 'MIS', side: 'buy', turnoverPaise: BUY_TURNOVER, isDpCharged: false },
      DEFAULT_CHARGE_SCHEDULE,
    );
    const sell = computeCharges(
      { product: 'MIS', side: 'sell', turnoverPaise: SELL_TURNOVER, isDpCharged: false },
      DEFAULT_CHARGE_SCHEDULE,
    );
    expect(buy).toEqual({
      brokeragePaise: 2_000n, // 0.03% = ₹42.90, capped at ₹20
      sttPaise: 0n, // intraday STT is on the sale only
      exchangePaise: 425n,
      sebiPaise: 14n,
      stampPaise: 429n, // 0.003% = 429.03
      gstPaise: 439n, // 18% of 2439 = 439.02
      dpPaise: 0n,
      dpGstPaise: 0n,
      totalPaise: 3_307n,
    });
    expect(sell).toEqual({
      brokeragePaise: 2_000n,
      sttPaise: 3_800n, // 0.025% = ₹37.945 to the rupee
      exchangePaise: 451n,
      sebiPaise: 15n,
      stampPaise: 0n,
      gstPaise: 444n, // 18% of 2466 = 443.88
      dpPaise: 0n,
      dpGstPaise: 0n,
      totalPaise: 6_710n,
    });
    const both = sumLines(buy, sell);
    expect(both.brokeragePaise).toBe(4_000n);
    expect(both.sttPaise).toBe(3_800n);
    expect(both.exchangePaise).toBe(876n);
    expect(both.sebiPaise).toBe(29n);
    expect(both.stampPaise).toBe(429n);
    expect(both.gstPaise).toBe(883n);
    expect(both.dpPaise).toBe(0n);
    expect(both.totalPaise).toBe(10_017n);
  });

  it('MTF is charged as delivery', () => {
    const order = { side: 'sell' as const, turnoverPaise: SELL_TURNOVER, isDpCharged: true };
    expect(computeCharges({ ...order, product: 'MTF' }, DEFAULT_CHARGE_SCHEDULE)).toEqual(
      computeCharges({ ...order, product: 'CNC' }, DEFAULT_CHARGE_SCHEDULE),
    );
  });
});

describe('brokerage plans', () => {
  const withPlan = (plan: ChargeSchedule['brokerage']['MIS']): ChargeSchedule => ({
    ...DEFAULT_CHARGE_SCHEDULE,
    brokerage: { ...DEFAULT_CHARGE_SCHEDULE.brokerage, MIS: plan },
  });
  const brokerageOn = (turnoverPaise: bigint, schedule: ChargeSchedule) =>
    computeCharges({ product: 'MIS', side: 'buy', turnoverPaise, isDpCharged: false }, schedule)
      .brokeragePaise;

  it('a percent plan charges the rate below the cap and the cap above it', () => {
    expect(brokerageOn(1_000_000n, DEFAULT_CHARGE_SCHEDULE)).toBe(300n); // 0.03% of ₹10,000
    expect(brokerageOn(100_000_000n, DEFAULT_CHARGE_SCHEDULE)).toBe(2_000n);
  });

  it('a flat plan charges the same on every order, a zero plan nothing', () => {
    expect(brokerageOn(1_000n, withPlan({ kind: 'flat', perOrderPaise: 1_500n }))).toBe(1_500n);
    expect(brokerageOn(10n ** 12n, withPlan({ kind: 'zero' }))).toBe(0n);
  });

  it('a percent plan without a cap is the rate alone', () => {
    expect(brokerageOn(10n ** 10n, withPlan({ kind: 'percent', ratePpb: 300_000n, capPaise: null }))).toBe(
      3_000_000n,
    );
  });
});

describe('legs, sides and the DP charge', () => {
  it('a long buys to open and sells to close; a short the other way', () => {
    expect(tradeSideOf('long', 'open')).toBe('buy');
    expect(tradeSideOf('long', 'close')).toBe('sell');
    expect(tradeSideOf('short', 'open')).toBe('sell');
    expect(tradeSideOf('short', 'close')).toBe('buy');
  });

  it('only the closing sale of a delivery long is a sale from the demat account', () => {
    expect(isDpChargeable('CNC', 'long', 'close')).toBe(true);
    expect(isDpChargeable('MTF', 'long', 'close')).toBe(true);
    expect(isDpChargeable('MIS', 'long', 'close')).toBe(false);
    expect(isDpChargeable('CNC', 'long', 'open')).toBe(false);
    expect(isDpChargeable('CNC', 'short', 'open')).toBe(false);
    expect(isDpChargeable('CNC', 'short', 'close')).toBe(false);
  });
});

describe('effective dates', () => {
  const later = { ...DEFAULT_CHARGE_SCHEDULE, effectiveFrom: '2026-04-01', sttIntradaySellPpb: 300_000n };
  const latest = { ...DEFAULT_CHARGE_SCHEDULE, effectiveFrom: '2026-12-01' };
  const schedules = [later, DEFAULT_CHARGE_SCHEDULE, latest];

  it('a trade is charged at the schedule in force on its trade date', () => {
    expect(scheduleInForce(schedules, '2026-03-31')).toBe(DEFAULT_CHARGE_SCHEDULE);
    expect(scheduleInForce(schedules, '2026-04-01')).toBe(later);
    expect(scheduleInForce(schedules, '2026-11-30')).toBe(later);
    expect(scheduleInForce(schedules, '2027-01-01')).toBe(latest);
    expect(scheduleInForce(schedules, '2024-09-30')).toBeUndefined();
  });

  it('an order placed today may be priced by today’s schedule or any later one', () => {
    expect(schedulesFrom(schedules, '2026-11-26')).toEqual([later, latest]);
    expect(schedulesFrom(schedules, '2027-01-01')).toEqual([latest]);
  });
});

describe('rates in percent', () => {
  it('reads and writes a percent with up to 7 decimals exactly', () => {
    expect(parseRatePercent('0.00297')).toBe(29_700n);
    expect(parseRatePercent('0.0001')).toBe(1_000n);
    expect(parseRatePercent('18')).toBe(180_000_000n);
    expect(parseRatePercent('100')).toBe(1_000_000_000n);
    expect(formatRatePercent(29_700n)).toBe('0.00297');
    expect(formatRatePercent(180_000_000n)).toBe('18');
    expect(formatRatePercent(0n)).toBe('0');
  });

  it('refuses a negative rate, a rate above 100%, too many decimals and anything not a number', () => {
    for (const text of ['-1', '100.0000001', '0.00000001', '1e-5', 'abc', '', '0,1']) {
      expect(parseRatePercent(text)).toBeUndefined();
    }
  });

  it('round-trips every rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000_000n }), (ppb) => {
        expect(parseRatePercent(formatRatePercent(ppb))).toBe(ppb);
      }),
    );
  });
});

describe('schedule checks', () => {
  it('the default schedule is sound', () => {
    expect(chargeScheduleProblems(DEFAULT_CHARGE_SCHEDULE)).toEqual([]);
  });

  it('names every negative rate, amount and brokerage plan', () => {
    expect(
      chargeScheduleProblems({
        ...DEFAULT_CHARGE_SCHEDULE,
        sebiPpb: -1n,
        gstPpb: 1_000_000_001n,
        dpChargePaise: -1n,
        brokerage: {
          CNC: { kind: 'flat', perOrderPaise: -1n },
          MIS: { kind: 'percent', ratePpb: 300_000n, capPaise: -5n },
          MTF: { kind: 'zero' },
        },
      }),
    ).toEqual(['sebiPpb', 'gstPpb', 'dpChargePaise', 'brokerage.CNC', 'brokerage.MIS']);
  });
});

describe('charges properties', () => {
  const rate = fc.bigInt({ min: 0n, max: 20_000_000n });
  const schedule = fc.record({
    effectiveFrom: fc.constant('2024-10-01'),
    brokerage: fc.record({
      CNC: fc.constant({ kind: 'zero' as const }),
      MTF: fc.record({
        kind: fc.constant('flat' as const),
        perOrderPaise: fc.bigInt({ min: 0n, max: 5_000n }),
      }),
      MIS: fc.record({
        kind: fc.constant('percent' as const),
        ratePpb: rate,
        capPaise: fc.option(fc.bigInt({ min: 0n, max: 10_000n }), { nil: null }),
      }),
    }),
    sttDeliveryBuyPpb: rate,
    sttDeliverySellPpb: rate,
    sttIntradayBuyPpb: rate,
    sttIntradaySellPpb: rate,
    exchangePpb: rate,
    sebiPpb: rate,
    stampDeliveryBuyPpb: rate,
    stampIntradayBuyPpb: rate,
    gstPpb: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
    dpChargePaise: fc.bigInt({ min: 0n, max: 5_000n }),
  });
  const order = fc.record({
    product: fc.constantFrom(...PRODUCTS),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    turnoverPaise: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    isDpCharged: fc.boolean(),
  });

  it('the total is the sum of the lines and no line is negative', () => {
    fc.assert(
      fc.property(order, schedule, (o, s) => {
        const lines = computeCharges(o, s);
        const { totalPaise, dpGstPaise, ...parts } = lines;
        expect(Object.values(parts).reduce((a, b) => a + b, 0n)).toBe(totalPaise);
        for (const value of Object.values(lines)) expect(value >= 0n).toBe(true);
        expect(dpGstPaise <= lines.dpPaise).toBe(true);
      }),
    );
  });

  it('a larger turnover never costs less, line by line', () => {
    fc.assert(
      fc.property(order, schedule, fc.bigInt({ min: 0n, max: 10n ** 12n }), (o, s, extraPaise) => {
        const small = computeCharges(o, s);
        const large = computeCharges({ ...o, turnoverPaise: o.turnoverPaise + extraPaise }, s);
        for (const key of Object.keys(small) as (keyof ChargeLines)[]) {
          expect(large[key] >= small[key]).toBe(true);
        }
      }),
    );
  });
});
