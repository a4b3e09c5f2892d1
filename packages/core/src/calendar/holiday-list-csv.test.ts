import { describe, expect, it } from 'vitest';
import { parseHolidayListCsv } from './holiday-list-csv.js';

const NSE_2027 = [
  'Sr. No,Date,Day,Description',
  '1,26-Jan-2027,Tuesday,Republic Day',
  '2,"06-Mar-2027",Saturday,Mahashivratri',
  '3,2027-03-22,Monday,"Holi, the festival of colours"',
  '',
].join('\r\n');

describe('an exchange holiday list', () => {
  it('reads NSE’s format: serial number, DD-Mon-YYYY date, day, description (quoted when it has a comma)', () => {
    expect(parseHolidayListCsv(NSE_2027, 2027)).toEqual({
      ok: true,
      rows: [
        { line: 2, date: '2027-01-26', day: 'Tuesday', description: 'Republic Day' },
        { line: 3, date: '2027-03-06', day: 'Saturday', description: 'Mahashivratri' },
        { line: 4, date: '2027-03-22', day: 'Monday', description: 'Holi, the festival of colours' },
      ],
    });
  });

  it('names the first bad line and why', () => {
    const bad = (line: string) =>
      parseHolidayListCsv(`Date,Day,Description\n26-Jan-2027,Tuesday,Republic Day\n${line}`, 2027);
    expect(bad('31-Feb-2027,Wednesday,Nothing')).toMatchObject({ ok: false, line: 3 });
    expect(bad('22-Mar-2027,Tuesday,Holi')).toEqual({
      ok: false,
      line: 3,
      reason: '2027-03-22 is a Monday, not "Tuesday"',
    });
    expect(bad('26-Jan-2026,Monday,Republic Day')).toEqual({
      ok: false,
      line: 3,
      reason: '2026-01-26 is not in 2027',
    });
    expect(bad('26-Jan-2027,Tuesday,Again')).toEqual({
      ok: false,
      line: 3,
      reason: '2027-01-26 is already on line 2',
    });
    expect(bad('22-Mar-2027,Monday')).toEqual({
      ok: false,
      line: 3,
      reason: '2 columns where the header has 3',
    });
    expect(bad('"22-Mar-2027,Monday,Holi')).toEqual({ ok: false, line: 3, reason: 'a quote is not closed' });
    expect(parseHolidayListCsv('When,What\n1,2', 2027)).toMatchObject({ ok: false, line: 1 });
    expect(parseHolidayListCsv('', 2027)).toEqual({ ok: false, line: 1, reason: 'the file is empty' });
    expect(parseHolidayListCsv('Date,Day,Description\n', 2027)).toMatchObject({ ok: false, line: 2 });
  });
});
