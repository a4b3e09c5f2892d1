import { describe, expect, it } from 'vitest';
import { convertedTermsOf, marginChangePostings } from './conversion.js';

const base = {
  side: 'long' as const,
  entryPricePaise: 10_000n,
  quantity: 10,
  intradayLeverage: 5,
  stopOutBps: 8000n,
};

describe('converting a position between MIS and CNC', () => {
  it('an intraday long becomes delivery by paying the rest of its value as margin', () => {
    const terms = convertedTermsOf({ ...base, fromProduct: 'MIS', toProduct: 'CNC', marginPaise: 20_000n });
    expect(terms).toMatchObject({
      ok: true,
      intraday: false,
      leverage: 1,
      marginPaise: 100_000n,
      marginChangePaise: 80_000n,
    });
  });

  it('delivery bought today becomes intraday and releases margin back to cash', () => {
    const terms = convertedTermsOf({ ...base, fromProduct: 'CNC', toProduct: 'MIS', marginPaise: 100_000n });
    expect(terms).toMatchObject({
      ok: true,
      intraday: true,
      leverage: 5,
      marginPaise: 20_000n,
      marginChangePaise: -80_000n,
    });
  });

  it('refuses a short as delivery, MTF and a product to itself', () => {
    expect(
      convertedTermsOf({
        ...base,
        side: 'short',
        fromProduct: 'MIS',
        toProduct: 'CNC',
        marginPaise: 20_000n,
      }),
    ).toEqual({ ok: false, reason: 'short_delivery' });
    expect(convertedTermsOf({ ...base, fromProduct: 'MTF', toProduct: 'CNC', marginPaise: 50_000n })).toEqual(
      {
        ok: false,
        reason: 'not_mis_or_cnc',
      },
    );
    expect(convertedTermsOf({ ...base, fromProduct: 'CNC', toProduct: 'CNC', marginPaise: 1n })).toEqual({
      ok: false,
      reason: 'same_product',
    });
  });

  it('moves the margin change between cash and margin, balanced', () => {
    const postings = marginChangePostings({ cash: 1n, margin: 2n }, 80_000n, 'INR');
    expect(postings.reduce((sum, posting) => sum + posting.amountMinor, 0n)).toBe(0n);
    expect(marginChangePostings({ cash: 1n, margin: 2n }, 0n, 'INR')).toEqual([]);
  });
});
