const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Day first, always: Indian banks never export month-first dates, and reading 03/04 both ways
// would be a guess. Two-digit years are 20YY.
const NUMERIC = /^([0-9]{1,2})([/-])([0-9]{1,2})\2([0-9]{4}|[0-9]{2})$/;
const NAMED = /^([0-9]{1,2})([- ])([A-Za-z]{3})\2([0-9]{4}|[0-9]{2})$/;

/**
 * Reads a statement's transaction date, day first, as `YYYY-MM-DD`, or null when the cell is not a
 * real date in one of the shapes Indian banks export: `DD/MM/YYYY`, `DD-MM-YYYY`, `DD/MM/YY`,
 * `DD-Mon-YYYY`, `DD Mon YYYY`, `DD-Mon-YY`.
 *
 * Example: `readStatementDate('05-Apr-2026')` and `readStatementDate('05/04/2026')` are
 * `'2026-04-05'`; `readStatementDate('31/02/2026')` is null.
 */
export function readStatementDate(cell: string): string | null {
  const text = cell.trim();
  let day: number;
  let month: number;
  let yearText: string;
  const numeric = NUMERIC.exec(text);
  const named = numeric ? null : NAMED.exec(text);
  if (numeric) {
    day = Number(numeric[1]);
    month = Number(numeric[3]);
    yearText = numeric[4]!;
  } else if (named) {
    day = Number(named[1]);
    month = MONTHS.indexOf(named[3]!.toLowerCase()) + 1;
    yearText = named[4]!;
  } else {
    return null;
  }
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
