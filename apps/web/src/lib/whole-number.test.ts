import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from './whole-number';

describe('parseWholeNumber', () => {
  it('reads digits only', () => {
    expect(parseWholeNumber('25')).toEqual({ ok: true, value: 25 });
    expect(parseWholeNumber(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseWholeNumber('0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses a decimal or any other character instead of stripping it', () => {
    for (const text of ['2.5', '2,5', '1e3', '12a', '+3', '٣', '1 000', '0x10', '9007199254740993']) {
      expect(parseWholeNumber(text)).toEqual({ ok: false, reason: 'notWhole' });
    }
    expect(parseWholeNumber('-3')).toEqual({ ok: false, reason: 'negative' });
    expect(parseWholeNumber('  ')).toEqual({ ok: false, reason: 'empty' });
  });
});
