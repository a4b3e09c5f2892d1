import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../invariant.js';
import { DEFAULT_STOP_OUT_BPS, stopOutReached } from './stop-out.js';

describe('stopOutReached', () => {
  it('stops out when the loss reaches 80% of the margin, not a paisa before', () => {
    expect(stopOutReached(80_000n, 100_000n)).toBe(true);
    expect(stopOutReached(79_999n, 100_000n)).toBe(false);
    expect(stopOutReached(120_000n, 100_000n, DEFAULT_STOP_OUT_BPS)).toBe(true);
  });

  it('compares exactly when 80% of the margin is not a whole paisa', () => {
    expect(stopOutReached(8n, 11n)).toBe(false);
    expect(stopOutReached(9n, 11n)).toBe(true);
  });

  it('never stops out a position that is not losing', () => {
    expect(stopOutReached(0n, 100_000n)).toBe(false);
    expect(stopOutReached(-5_000n, 100_000n)).toBe(false);
    expect(stopOutReached(0n, 100_000n, 0n)).toBe(false);
  });

  it('refuses a position without margin as a programming error', () => {
    expect(() => stopOutReached(1n, 0n)).toThrow(InvariantError);
  });

  it('stops out exactly when loss × 10000 ≥ margin × level', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        (loss, margin, level) => {
          expect(stopOutReached(loss, margin, level)).toBe(loss > 0n && loss * 10_000n >= margin * level);
        },
      ),
    );
  });
});
