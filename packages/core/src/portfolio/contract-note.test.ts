import { describe, expect, it } from 'vitest';
import { contractNoteNumber, summariseContractNote } from './contract-note.js';

const charges = (totalPaise: bigint) => ({
  brokeragePaise: 0n,
  sttPaise: totalPaise,
  exchangePaise: 0n,
  sebiPaise: 0n,
  stampPaise: 0n,
  gstPaise: 0n,
  dpPaise: 0n,
  totalPaise,
});

describe('a contract note’s totals', () => {
  it('a day of buying is a pay-in of purchases plus charges', () => {
    const summary = summariseContractNote([
      { side: 'buy', turnoverPaise: 14_301_000n, ...charges(18_300n) },
      { side: 'sell', turnoverPaise: 1_517_800n, ...charges(3_100n) },
    ]);
    expect(summary.buyTurnoverPaise).toBe(14_301_000n);
    expect(summary.sellTurnoverPaise).toBe(1_517_800n);
    expect(summary.charges.totalPaise).toBe(21_400n);
    expect(summary.netObligationPaise).toBe(-12_804_600n);
  });

  it('the reference round trip (delivery) adds its lines to ₹342.47', () => {
    const summary = summariseContractNote([
      {
        side: 'buy',
        turnoverPaise: 14_301_000n,
        brokeragePaise: 0n,
        sttPaise: 14_300n,
        exchangePaise: 425n,
        sebiPaise: 14n,
        stampPaise: 2_145n,
        gstPaise: 79n,
        dpPaise: 0n,
        totalPaise: 16_963n,
      },
      {
        side: 'sell',
        turnoverPaise: 15_178_000n,
        brokeragePaise: 0n,
        sttPaise: 15_200n,
        exchangePaise: 451n,
        sebiPaise: 15n,
        stampPaise: 0n,
        gstPaise: 84n,
        dpPaise: 1_534n,
        totalPaise: 17_284n,
      },
    ]);
    expect(summary.charges.totalPaise).toBe(34_247n);
    expect(summary.netObligationPaise).toBe(15_178_000n - 14_301_000n - 34_247n);
  });

  it('a charge line that does not add up to the total is a defect', () => {
    expect(() =>
      summariseContractNote([{ side: 'buy', turnoverPaise: 100n, ...charges(5n), totalPaise: 6n }]),
    ).toThrow(/add up/);
  });
});

describe('contract note numbers', () => {
  it('count within the financial year, six digits at least', () => {
    expect(contractNoteNumber('2026-27', 123)).toBe('CN/2026-27/000123');
    expect(contractNoteNumber('2026-27', 1_234_567)).toBe('CN/2026-27/1234567');
    expect(() => contractNoteNumber('2026-27', 0)).toThrow();
  });
});
