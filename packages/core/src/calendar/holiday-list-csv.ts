import { type IstDate, isIstDate, istDayOfWeek } from './ist-time.js';

/** One holiday of an exchange's list, with the line of the file it came from. */
export interface HolidayListRow {
  line: number;
  date: IstDate;
  day: string;
  description: string;
}

export type HolidayListParse =
  | { ok: true; rows: HolidayListRow[] }
  | { ok: false; line: number; reason: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** At most this many holidays in a year's list (NSE lists about 15). */
export const HOLIDAY_LIST_ROWS_MAX = 60;

/** Splits one CSV line into cells: commas outside double quotes, "" inside quotes is one quote. */
function cellsOf(line: string): string[] | undefined {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index]!;
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  if (quoted) return undefined;
  cells.push(cell.trim());
  return cells;
}

/** "26-Jan-2026" (NSE's form), "26-01-2026" or "2026-01-26" as an IST date, or undefined. */
function dateOf(text: string): IstDate | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const nse = /^(\d{1,2})[-\s/]([A-Za-z]{3,9}|\d{1,2})[-\s/](\d{4})$/.exec(text);
  let date: string | undefined;
  if (iso) date = text;
  else if (nse) {
    const month = /^\d+$/.test(nse[2]!)
      ? Number(nse[2])
      : MONTHS.indexOf(nse[2]!.slice(0, 3).toLowerCase()) + 1;
    if (month < 1 || month > 12) return undefined;
    date = `${nse[3]}-${String(month).padStart(2, '0')}-${nse[1]!.padStart(2, '0')}`;
  }
  return date !== undefined && isIstDate(date) ? date : undefined;
}

/**
 * Reads an exchange's holiday list for a year (docs/adr/0033), as NSE publishes it: a header with
 * the columns Date, Day and Description (a leading serial-number column is allowed), then one
 * holiday per line. Every line must hold a real date of that year, the weekday that date falls on,
 * and a description; no date twice. The first line that does not is named with why, so the whole
 * file is refused and nothing is stored.
 *
 * @example parseHolidayListCsv('Sr. No,Date,Day,Description\n1,26-Jan-2026,Monday,Republic Day', 2026)
 * // { ok: true, rows: [{ line: 2, date: '2026-01-26', day: 'Monday', description: 'Republic Day' }] }
 */
export function parseHolidayListCsv(text: string, year: number): HolidayListParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0) return { ok: false, line: 1, reason: 'the file is empty' };
  const header = cellsOf(lines[headerIndex]!)?.map((cell) => cell.toLowerCase().replace(/[^a-z]/g, ''));
  const dateColumn = header?.indexOf('date') ?? -1;
  const dayColumn = header?.indexOf('day') ?? -1;
  const descriptionColumn =
    header?.findIndex((cell) => cell === 'description' || cell === 'holiday' || cell === 'holidays') ?? -1;
  if (dateColumn < 0 || dayColumn < 0 || descriptionColumn < 0)
    return {
      ok: false,
      line: headerIndex + 1,
      reason: 'the header must name the columns Date, Day and Description',
    };
  const rows: HolidayListRow[] = [];
  const seen = new Map<string, number>();
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const line = index + 1;
    if (lines[index]!.trim() === '') continue;
    const cells = cellsOf(lines[index]!);
    if (!cells) return { ok: false, line, reason: 'a quote is not closed' };
    if (cells.length !== header!.length)
      return { ok: false, line, reason: `${cells.length} columns where the header has ${header!.length}` };
    const dateText = cells[dateColumn]!;
    const date = dateOf(dateText);
    if (!date) return { ok: false, line, reason: `"${dateText}" is not a date (DD-Mon-YYYY or YYYY-MM-DD)` };
    if (Number(date.slice(0, 4)) !== year) return { ok: false, line, reason: `${date} is not in ${year}` };
    const day = cells[dayColumn]!;
    const weekday = DAYS[istDayOfWeek(date)]!;
    if (day.toLowerCase() !== weekday && day.toLowerCase() !== weekday.slice(0, 3))
      return {
        ok: false,
        line,
        reason: `${date} is a ${weekday[0]!.toUpperCase()}${weekday.slice(1)}, not "${day}"`,
      };
    const description = cells[descriptionColumn]!;
    if (description.length < 3 || description.length > 200)
      return { ok: false, line, reason: 'the description needs 3 to 200 characters' };
    const earlier = seen.get(date);
    if (earlier !== undefined) return { ok: false, line, reason: `${date} is already on line ${earlier}` };
    seen.set(date, line);
    rows.push({ line, date, day, description });
    if (rows.length > HOLIDAY_LIST_ROWS_MAX)
      return { ok: false, line, reason: `more than ${HOLIDAY_LIST_ROWS_MAX} holidays` };
  }
  if (rows.length === 0) return { ok: false, line: headerIndex + 2, reason: 'no holiday follows the header' };
  return { ok: true, rows };
}
