import { describe, expect, it } from 'vitest';
import { consoleCall, createStaff } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

/*
 * The holiday list import (docs/adr/0033) over HTTP: a year's NSE list previewed line by line,
 * confirmed with a reason in one audited act, traded by at once; a malformed file is refused with its
 * line number and stores nothing; a second confirm has nothing new.
 */

const t = await startTestApp();
const compliance = await createStaff(t, ['compliance']);
const finance = await createStaff(t, ['finance']);

const NSE_2027 = [
  'Sr. No,Date,Day,Description',
  '1,26-Jan-2027,Tuesday,Republic Day',
  '2,06-Mar-2027,Saturday,Mahashivratri',
  '3,22-Mar-2027,Monday,Holi',
  '4,"15-Aug-2027",Sunday,Independence Day',
  '5,02-Oct-2027,Saturday,Mahatma Gandhi Jayanti',
  '6,25-Dec-2027,Saturday,Christmas',
  '7,08-Nov-2027,Monday,"Diwali Balipratipada, NSE circular"',
].join('\n');

const staffDays = () =>
  t.db.selectFrom('calendar_days').select(['date', 'kind', 'description']).orderBy('date').execute();

describe('importing a year’s holiday list', () => {
  it('previews each line’s outcome and stores nothing', async () => {
    const preview = await consoleCall(t, compliance, 'calendar/previewHolidayImport', {
      year: 2027,
      csv: NSE_2027,
    });
    expect(preview.body.status, JSON.stringify(preview.body)).toBe(1);
    expect(preview.body.data.newCount).toBe(3);
    expect(
      preview.body.data.rows.map((row: { line: number; date: string; status: string }) => [
        row.line,
        row.date,
        row.status,
      ]),
    ).toEqual([
      [2, '2027-01-26', 'new'],
      [3, '2027-03-06', 'weekend'],
      [4, '2027-03-22', 'new'],
      [5, '2027-08-15', 'weekend'],
      [6, '2027-10-02', 'weekend'],
      [7, '2027-12-25', 'weekend'],
      [8, '2027-11-08', 'new'],
    ]);
    expect(await staffDays()).toEqual([]);
  });

  it('refuses a malformed file with the line number, in the staff member’s language, storing nothing', async () => {
    const broken = NSE_2027.replace('22-Mar-2027,Monday', '22-Mar-2027,Tuesday');
    for (const [path, extra] of [
      ['calendar/previewHolidayImport', {}],
      ['calendar/importHolidays', { reason: 'NSE circular 2027' }],
    ] as const) {
      const reply = await consoleCall(t, compliance, path, { year: 2027, csv: broken, ...extra });
      expect(reply.body).toMatchObject({ status: 0, code: 'HOLIDAY_FILE_INVALID' });
      expect(reply.body.msg).toBe(
        'Line 4 of the holiday list: 2027-03-22 is a Monday, not "Tuesday". Nothing was stored',
      );
    }
    const hindi = await t.call(
      '/api/console/calendar/importHolidays',
      { year: 2028, csv: NSE_2027, reason: 'NSE circular 2027' },
      { ...compliance.headers, lang: 'hi' },
    );
    expect(hindi.body).toMatchObject({ status: 0, code: 'HOLIDAY_FILE_INVALID' });
    expect(hindi.body.msg).toContain('पंक्ति 2');
    expect(await staffDays()).toEqual([]);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'calendar.holidays.import')
        .execute(),
    ).toEqual([]);
  });

  it('is for admin and compliance, who keep the circulars', async () => {
    const reply = await consoleCall(t, finance, 'calendar/importHolidays', {
      year: 2027,
      csv: NSE_2027,
      reason: 'x'.repeat(5),
    });
    expect(reply.http).toBe(403);
    expect(await staffDays()).toEqual([]);
  });

  it('adds the new holidays with a reason in one audited act; the market is closed on them at once', async () => {
    const imported = await consoleCall(t, compliance, 'calendar/importHolidays', {
      year: 2027,
      csv: NSE_2027,
      reason: 'NSE circular NSE/CMTR/2026/123',
    });
    expect(imported.body.status, JSON.stringify(imported.body)).toBe(1);
    expect(imported.body.data.newCount).toBe(3);
    expect(await staffDays()).toEqual([
      { date: '2027-01-26', kind: 'holiday', description: 'Republic Day' },
      { date: '2027-03-22', kind: 'holiday', description: 'Holi' },
      { date: '2027-11-08', kind: 'holiday', description: 'Diwali Balipratipada, NSE circular' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id', 'reason', 'after'])
      .where('action', '=', 'calendar.holidays.import')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: String(compliance.id),
        target_id: 'nse:2027',
        reason: 'NSE circular NSE/CMTR/2026/123',
        after: {
          year: 2027,
          added: [
            { date: '2027-01-26', description: 'Republic Day' },
            { date: '2027-03-22', description: 'Holi' },
            { date: '2027-11-08', description: 'Diwali Balipratipada, NSE circular' },
          ],
        },
      },
    ]);
    const listed = await consoleCall(t, compliance, 'calendar/listDays', { year: 2027 });
    expect(
      listed.body.data.days
        .filter((day: { source: string }) => day.source === 'staff')
        .map((day: { date: string }) => day.date),
    ).toEqual(['2027-01-26', '2027-03-22', '2027-11-08']);

    // The same file again: every holiday is in the calendar, nothing to add, nothing stored twice.
    const again = await consoleCall(t, compliance, 'calendar/importHolidays', {
      year: 2027,
      csv: NSE_2027,
      reason: 'NSE circular NSE/CMTR/2026/123',
    });
    expect(again.body).toMatchObject({ status: 0, code: 'HOLIDAY_IMPORT_NOTHING_NEW' });
    const preview = await consoleCall(t, compliance, 'calendar/previewHolidayImport', {
      year: 2027,
      csv: NSE_2027,
    });
    expect(preview.body.data.newCount).toBe(0);
    expect(preview.body.data.rows[0].status).toBe('exists');
  });
});
