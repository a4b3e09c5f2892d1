import { describe, expect, it } from 'vitest';
import {
  instrumentTokenOf,
  kiteSegmentCodeOf,
  paiseToKiteRupees,
  segmentCodeOfToken,
} from './instrument-token.js';

describe('Kite instrument tokens', () => {
  it('mints NSE equity tokens as Kite does: INFY 1594 is 408065, RELIANCE 2885 is 738561', () => {
    expect(instrumentTokenOf(1594n, 1)).toBe(408065n);
    expect(instrumentTokenOf(2885n, kiteSegmentCodeOf({ kind: 'equity', exchange: 'NSE' }))).toBe(738561n);
  });

  it('puts the segment in the low byte: an index is 9, a BSE equity 4', () => {
    const index = instrumentTokenOf(1001n, kiteSegmentCodeOf({ kind: 'index', exchange: 'NSE' }));
    expect(segmentCodeOfToken(index)).toBe(9);
    expect(
      segmentCodeOfToken(instrumentTokenOf(7n, kiteSegmentCodeOf({ kind: 'equity', exchange: 'BSE' }))),
    ).toBe(4);
  });

  it('refuses a token that the ticker would decode as negative', () => {
    expect(() => instrumentTokenOf(8_388_608n, 1)).toThrow();
  });

  it('turns paise into the exact rupee number of the wire', () => {
    expect(paiseToKiteRupees(143010n)).toBe(1430.1);
    expect(paiseToKiteRupees(151780n)).toBe(1517.8);
    expect(paiseToKiteRupees(-5n)).toBe(-0.05);
  });
});

import {
  kiteAccessTokenExpiryMs,
  kiteCandleTimestamp,
  kiteTimestamp,
  parseKiteTimestamp,
} from './kite-time.js';

describe('Kite times', () => {
  it('writes IST wall clock in the 19 characters the client reads as a Date', () => {
    expect(kiteTimestamp(Date.UTC(2026, 10, 23, 4, 30))).toBe('2026-11-23 10:00:00');
    expect(kiteCandleTimestamp(Date.UTC(2025, 5, 17, 18, 30))).toBe('2025-06-18T00:00:00+0530');
  });

  it('reads from and to as IST wall clock, refusing impossible dates', () => {
    expect(parseKiteTimestamp('2025-06-18 00:00:00')).toBe(Date.UTC(2025, 5, 17, 18, 30));
    expect(parseKiteTimestamp('2025-06-18')).toBe(Date.UTC(2025, 5, 17, 18, 30));
    expect(parseKiteTimestamp('2025-02-30 00:00:00')).toBeUndefined();
    expect(parseKiteTimestamp('yesterday')).toBeUndefined();
  });

  it('lets an access token lapse at the next 06:00 IST', () => {
    expect(kiteAccessTokenExpiryMs(Date.UTC(2026, 10, 23, 4, 30))).toBe(Date.UTC(2026, 10, 24, 0, 30));
    expect(kiteAccessTokenExpiryMs(Date.UTC(2026, 10, 22, 20, 0))).toBe(Date.UTC(2026, 10, 23, 0, 30));
  });
});
