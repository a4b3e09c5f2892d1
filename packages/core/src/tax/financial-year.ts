import type { IstDate } from '../calendar/ist-time.js';

/**
 * An Indian financial year (April to March), named as the Income Tax Department and contract notes
 * name it: `2025-26` runs from 2025-04-01 to 2026-03-31.
 */
export type FinancialYear = string;

const FINANCIAL_YEAR_PATTERN = /^(\d{4})-(\d{2})$/;

/**
 * The financial year an IST date falls in.
 *
 * @example financialYearOf('2026-03-31') // '2025-26'; financialYearOf('2026-04-01') // '2026-27'
 */
export function financialYearOf(date: IstDate): FinancialYear {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= 4 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * The first and last IST dates of a financial year, or undefined when the name is not one
 * (`2025-27`, `25-26`): the second part must be the year after the first.
 *
 * @example financialYearRange('2025-26') // { from: '2025-04-01', to: '2026-03-31' }
 */
export function financialYearRange(financialYear: string): { from: IstDate; to: IstDate } | undefined {
  const match = FINANCIAL_YEAR_PATTERN.exec(financialYear);
  if (!match) return undefined;
  const startYear = Number(match[1]);
  if (Number(match[2]) !== (startYear + 1) % 100) return undefined;
  return { from: `${startYear}-04-01`, to: `${startYear + 1}-03-31` };
}

/** The twelve months of a financial year as `YYYY-MM`, April first. */
export function financialYearMonths(financialYear: FinancialYear): string[] {
  const range = financialYearRange(financialYear);
  if (!range) return [];
  const startYear = Number(range.from.slice(0, 4));
  return Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const year = index < 9 ? startYear : startYear + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}
