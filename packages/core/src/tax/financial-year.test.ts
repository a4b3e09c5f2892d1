import { describe, expect, it } from 'vitest';
import { financialYearMonths, financialYearOf, financialYearRange } from './financial-year.js';

describe('financial years run from April to March', () => {
  it('31 March closes a year and 1 April opens the next', () => {
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2026-01-15')).toBe('2025-26');
    expect(financialYearOf('1999-12-31')).toBe('1999-00');
  });

  it('a year’s range is its first and last day', () => {
    expect(financialYearRange('2025-26')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearRange('1999-00')).toEqual({ from: '1999-04-01', to: '2000-03-31' });
  });

  it('a name whose parts are not consecutive years is not a financial year', () => {
    expect(financialYearRange('2025-27')).toBeUndefined();
    expect(financialYearRange('25-26')).toBeUndefined();
    expect(financialYearRange('2025-2026')).toBeUndefined();
  });

  it('its months start in April', () => {
    const months = financialYearMonths('2025-26');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-04');
    expect(months[8]).toBe('2025-12');
    expect(months[9]).toBe('2026-01');
    expect(months[11]).toBe('2026-03');
  });
});
