import { describe, expect, it } from 'vitest';
import { canGttMoveTo, GTT_LIFETIME_MS_MAX, gttLegFiredAt, gttLevelsOf, isGttExpiryAllowed } from './gtt.js';

describe('GTT triggers', () => {
  it('a single trigger above the price waits for a rise, below it for a fall', () => {
    expect(gttLevelsOf('single', [10500n], 10000n)).toEqual({
      ok: true,
      levels: [{ direction: 'at_or_above', levelPaise: 10500n }],
    });
    expect(gttLevelsOf('single', [9500n], 10000n)).toEqual({
      ok: true,
      levels: [{ direction: 'at_or_below', levelPaise: 9500n }],
    });
  });

  it('an OCO has its stop-loss below the price and its target above', () => {
    expect(gttLevelsOf('two-leg', [9500n, 11000n], 10000n)).toEqual({
      ok: true,
      levels: [
        { direction: 'at_or_below', levelPaise: 9500n },
        { direction: 'at_or_above', levelPaise: 11000n },
      ],
    });
    expect(gttLevelsOf('two-leg', [10500n, 11000n], 10000n)).toEqual({ ok: false, reason: 'wrong_side' });
    expect(gttLevelsOf('two-leg', [9000n, 9500n], 10000n)).toEqual({ ok: false, reason: 'wrong_side' });
  });

  it('refuses a trigger at the last price and the wrong number of triggers', () => {
    expect(gttLevelsOf('single', [10000n], 10000n)).toEqual({ ok: false, reason: 'at_last_price' });
    expect(gttLevelsOf('single', [9000n, 11000n], 10000n)).toEqual({ ok: false, reason: 'count' });
    expect(gttLevelsOf('two-leg', [9000n], 10000n)).toEqual({ ok: false, reason: 'count' });
  });

  it('fires the leg the price reaches, by the order book rule (at the level counts)', () => {
    const oco = gttLevelsOf('two-leg', [9500n, 11000n], 10000n);
    if (!oco.ok) throw new Error('expected levels');
    expect(gttLegFiredAt(oco.levels, 9500n)).toBe(0);
    expect(gttLegFiredAt(oco.levels, 11000n)).toBe(1);
    expect(gttLegFiredAt(oco.levels, 10000n)).toBeUndefined();
  });

  it('lives at most a year, and only an active GTT changes state', () => {
    expect(isGttExpiryAllowed(GTT_LIFETIME_MS_MAX, 0)).toBe(true);
    expect(isGttExpiryAllowed(GTT_LIFETIME_MS_MAX + 86_400_000, 0)).toBe(false);
    expect(isGttExpiryAllowed(0, 0)).toBe(false);
    expect(canGttMoveTo('active', 'triggered')).toBe(true);
    expect(canGttMoveTo('triggered', 'cancelled')).toBe(false);
  });
});
