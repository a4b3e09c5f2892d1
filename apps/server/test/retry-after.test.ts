import { describe, expect, it } from 'vitest';
import { OverloadSpell, RETRY_AFTER_MAX_FACTOR, retryAfterSecondsFor } from '../src/http/admission.js';

/** The Retry-After of an overload refusal grows while the overload lasts (docs/adr/0030). */
describe('Retry-After under overload', () => {
  it('is the configured seconds during a burst, doubling each further second, up to four times', () => {
    expect(retryAfterSecondsFor(2, 0)).toBe(2);
    expect(retryAfterSecondsFor(2, 999)).toBe(2);
    expect(retryAfterSecondsFor(2, 1_000)).toBe(4);
    expect(retryAfterSecondsFor(2, 1_999)).toBe(4);
    expect(retryAfterSecondsFor(2, 2_000)).toBe(8);
    expect(retryAfterSecondsFor(2, 3_600_000)).toBe(2 * RETRY_AFTER_MAX_FACTOR);
    expect(retryAfterSecondsFor(1, 10_000)).toBe(4);
    expect(retryAfterSecondsFor(2, -5)).toBe(2);
  });

  it('counts a spell from its first refusal while refusals come less than a second apart', () => {
    const spell = new OverloadSpell();
    expect(spell.refusedNow(10_000)).toBe(0);
    expect(spell.refusedNow(10_600)).toBe(600);
    expect(spell.refusedNow(11_500)).toBe(1_500);
    expect(spell.refusedNow(12_400)).toBe(2_400);
    // A full second without a refusal ends the spell; the next refusal starts another.
    expect(spell.refusedNow(13_400)).toBe(0);
    expect(spell.refusedNow(13_900)).toBe(500);
  });
});
