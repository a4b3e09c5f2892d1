import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise } from './format-paise.js';
import { MAX_PAISE, type ParseRefusal, parsePaise } from './parse-paise.js';

/**
 * A second parser, written as a character scanner rather than a regular expression, that accepts
 * exactly the plain decimal shape with at most 2 decimals. It returns null for anything else.
 */
function referenceParse(text: string): bigint | null {
  let index = 0;
  let isNegative = false;
  if (text[index] === '-') {
    isNegative = true;
    index += 1;
  }
  let rupees = 0n;
  let rupeeDigitCount = 0;
  while (index < text.length && isAsciiDigit(text[index]!)) {
    rupees = rupees * 10n + BigInt(text.charCodeAt(index) - 48);
    rupeeDigitCount += 1;
    index += 1;
  }
  if (rupeeDigitCount === 0) return null;
  let paise = 0n;
  if (index < text.length) {
    if (text[index] !== '.') return null;
    index += 1;
    let fractionDigitCount = 0;
    let tenths = 10n;
    while (index < text.length && isAsciiDigit(text[index]!)) {
      if (fractionDigitCount === 2) return null;
      paise += BigInt(text.charCodeAt(index) - 48) * tenths;
      tenths /= 10n;
      fractionDigitCount += 1;
      index += 1;
    }
    if (fractionDigitCount === 0 || index !== text.length) return null;
  }
  const magnitude = rupees * 100n + paise;
  return isNegative ? -magnitude : magnitude;
}

function isAsciiDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}

const lenient = { allowNegative: true, allowZero: true, maxPaise: 10n ** 40n };

const moneyishText = fc.oneof(
  fc.string({
    unit: fc.constantFrom('0', '1', '5', '9', '.', '-', '+', 'e', 'E', ' ', ',', '\u0663', 'x'),
    maxLength: 24,
  }),
  fc
    .tuple(
      fc.constantFrom('', '-', '+', ' '),
      fc.string({ unit: fc.constantFrom('0', '1', '2', '7', '9'), maxLength: 22 }),
      fc.constantFrom('', '.'),
      fc.string({ unit: fc.constantFrom('0', '3', '5', '8'), maxLength: 4 }),
    )
    .map((parts) => parts.join('')),
);

describe('parsePaise', () => {
  it.each([
    ['1234.5', 123450n],
    ['1234.50', 123450n],
    ['0.05', 5n],
    ['007', 700n],
    ['1', 100n],
    ['10000000000000', MAX_PAISE],
  ])('reads the rupee string %s as %s paise', (text, paise) => {
    expect(parsePaise(text)).toEqual({ ok: true, paise });
  });

  it.each([
    [1234.5, 123450n],
    [0.1, 10n],
    [0.07, 7n],
    [1e20, 10n ** 22n],
  ])('reads the number %s as %s paise through its shortest decimal', (value, paise) => {
    expect(parsePaise(value, { maxPaise: 10n ** 30n })).toEqual({ ok: true, paise });
  });

  const refusals: [string | number, ParseRefusal, Parameters<typeof parsePaise>[1]?][] = [
    ['', 'empty'],
    ['   ', 'empty'],
    ['+5', 'not_a_number'],
    [' 5', 'not_a_number'],
    ['5 ', 'not_a_number'],
    ['1,000', 'not_a_number'],
    ['.5', 'not_a_number'],
    ['5.', 'not_a_number'],
    ['-', 'not_a_number'],
    ['--5', 'not_a_number'],
    ['abc', 'not_a_number'],
    ['\u0665', 'not_a_number'],
    ['0x10', 'not_a_number'],
    ['NaN', 'not_finite'],
    ['Infinity', 'not_finite'],
    ['-Infinity', 'not_finite'],
    [Number.NaN, 'not_finite'],
    [Number.POSITIVE_INFINITY, 'not_finite'],
    [Number.NEGATIVE_INFINITY, 'not_finite'],
    ['1e3', 'exponent'],
    ['2.5E-2', 'exponent'],
    [1e21, 'exponent'],
    [1e-7, 'exponent'],
    ['0.001', 'too_many_decimals'],
    ['1.230', 'too_many_decimals'],
    [1.005, 'too_many_decimals'],
    [0.000001, 'too_many_decimals'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['-0', 'zero'],
    [0, 'zero'],
    [-0, 'zero'],
    ['-5', 'negative'],
    [-0.05, 'negative'],
    ['10000000000000.01', 'too_large'],
    ['99999999999999999999999999', 'too_large'],
    ['-10000000000000.01', 'too_large', { allowNegative: true }],
    ['100.01', 'too_large', { maxPaise: 10000n }],
  ];
  it.each(refusals)('refuses %j as %s', (input, reason, options) => {
    expect(parsePaise(input, options)).toEqual({ ok: false, reason });
  });

  it('refuses a value that is neither a string nor a number as not a number', () => {
    expect(parsePaise(null as unknown as string)).toEqual({ ok: false, reason: 'not_a_number' });
    expect(parsePaise(12n as unknown as string)).toEqual({ ok: false, reason: 'not_a_number' });
  });

  it('accepts zero and negative amounts only when asked to', () => {
    expect(parsePaise('0', { allowZero: true })).toEqual({ ok: true, paise: 0n });
    expect(parsePaise('-0.00', { allowZero: true })).toEqual({ ok: true, paise: 0n });
    expect(parsePaise('-0.05', { allowNegative: true })).toEqual({ ok: true, paise: -5n });
    expect(parsePaise('-0', { allowNegative: true })).toEqual({ ok: false, reason: 'zero' });
  });

  it('reports a negative amount as negative even when it is also too large', () => {
    expect(parsePaise('-99999999999999999999')).toEqual({ ok: false, reason: 'negative' });
  });

  it('reads a very long run of leading zeros as the small amount it is', () => {
    expect(parsePaise(`${'0'.repeat(10_000)}7.25`)).toEqual({ ok: true, paise: 725n });
  });

  it('refuses every amount above the limit and accepts the limit itself', () => {
    expect(parsePaise(formatPaise(MAX_PAISE))).toEqual({ ok: true, paise: MAX_PAISE });
    expect(parsePaise(formatPaise(MAX_PAISE + 1n))).toEqual({ ok: false, reason: 'too_large' });
    expect(parsePaise('0.00', { allowZero: true, maxPaise: 0n })).toEqual({ ok: true, paise: 0n });
    expect(parsePaise('0.01', { maxPaise: 0n })).toEqual({ ok: false, reason: 'too_large' });
  });

  it('reads back every amount in range exactly as it was formatted', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_PAISE, max: MAX_PAISE }), (paise) => {
        expect(parsePaise(formatPaise(paise), { allowNegative: true, allowZero: true })).toEqual({
          ok: true,
          paise,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('never reads a string as an amount other than the one a separate scanner reads', () => {
    fc.assert(
      fc.property(moneyishText, (text) => {
        const reference = referenceParse(text);
        const result = parsePaise(text, lenient);
        if (reference === null) expect(result.ok).toBe(false);
        else expect(result).toEqual({ ok: true, paise: reference });
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts with default options only positive amounts up to the limit', () => {
    fc.assert(
      fc.property(moneyishText, (text) => {
        const reference = referenceParse(text);
        const isAcceptable = reference !== null && reference > 0n && reference <= MAX_PAISE;
        const result = parsePaise(text);
        expect(result.ok).toBe(isAcceptable);
        if (result.ok) expect(result.paise).toBe(reference);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a number holding whole paise as exactly those paise', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (paise) => {
        const rupees = Number(paise) / 100;
        expect(parsePaise(rupees, { allowNegative: true, allowZero: true })).toEqual({ ok: true, paise });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads any number either as the amount its decimal string says or refuses it', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const result = parsePaise(value, lenient);
        if (!result.ok) return;
        expect(result.paise).toBe(referenceParse(String(value)));
      }),
      { numRuns: 2000 },
    );
  });
});
