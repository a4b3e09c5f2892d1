import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVerhoeffValid, verhoeffCheckDigit } from './verhoeff.js';

describe('Verhoeff check digit', () => {
  it('matches the published example: 236 takes check digit 3', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
  });

  it('refuses anything that is not digits', () => {
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('23a3')).toBe(false);
    expect(() => verhoeffCheckDigit('12x')).toThrow(RangeError);
  });

  const elevenDigits = fc.stringMatching(/^[0-9]{11}$/);

  it('a number with its own check digit always validates', () => {
    fc.assert(fc.property(elevenDigits, (digits) => isVerhoeffValid(digits + verhoeffCheckDigit(digits))));
  });

  it('catches every single changed digit', () => {
    fc.assert(
      fc.property(elevenDigits, fc.nat(11), fc.integer({ min: 1, max: 9 }), (digits, position, shift) => {
        const valid = digits + verhoeffCheckDigit(digits);
        const changed = (Number(valid[position]) + shift) % 10;
        const typo = valid.slice(0, position) + changed + valid.slice(position + 1);
        return !isVerhoeffValid(typo);
      }),
    );
  });

  it('catches every swap of two different adjacent digits', () => {
    fc.assert(
      fc.property(elevenDigits, fc.nat(10), (digits, position) => {
        const valid = digits + verhoeffCheckDigit(digits);
        fc.pre(valid[position] !== valid[position + 1]);
        const swapped =
          valid.slice(0, position) + valid[position + 1] + valid[position] + valid.slice(position + 2);
        return !isVerhoeffValid(swapped);
      }),
    );
  });
});
