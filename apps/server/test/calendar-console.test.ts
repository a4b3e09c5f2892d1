import { isOpen, isTradingDay, istInstantMs } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

const compliance = await createStaff(t, ['compliance']);
const support = await createStaff(t, ['support']);

const addDay = (body: Record<string, unknown>, headers = compliance.headers) =>
  t.call('/api/console/calendar/addDay', body, headers);
const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('calendar_days')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countAudit = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('action', '=', 'calendar.day.add')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('staff add next year’s NSE calendar', () => {
  it('a holiday for 2027 closes the market that day in the calendar the server trades by, audited', async () => {
    expect(isTradingDay(t.app.marketCalendar.current, '2027-01-26')).toBe(true);
    const reply = await addDay({ date: '2027-01-26', kind: 'holiday', description: 'Republic Day' });
    expect(reply.body).toMatchObject({ status: 1, msg: 'Added' });
    expect(reply.body.data).toEqual({
      date: '2027-01-26',
      kind: 'holiday',
      description: 'Republic Day',
      source: 'staff',
      addedBy: compliance.username,
      addedAt: t.clock.now(),
    });
    expect(isTradingDay(t.app.marketCalendar.current, '2027-01-26')).toBe(false);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'calendar.day.add')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_type: 'staff',
      target_type: 'calendar_day',
      target_id: 'nse:2027-01-26',
    });
  });

  it('a special session opens the market at its hours, on a Sunday too', async () => {
    const reply = await addDay({
      date: '2027-02-07',
      kind: 'special',
      opensAt: '10:00',
      closesAt: '12:00',
      description: 'Union Budget session (Sunday)',
    });
    expect(reply.body.status).toBe(1);
    expect(reply.body.data).toMatchObject({ kind: 'special', opensAt: '10:00', closesAt: '12:00' });
    const calendar = t.app.marketCalendar.current;
    expect(isOpen(calendar, 'nse', istInstantMs('2027-02-07', 11 * 60))).toBe(true);
    expect(isOpen(calendar, 'nse', istInstantMs('2027-02-07', 13 * 60))).toBe(false);
  });

  it('a special session on a built-in one replaces its hours (the Muhurat circular)', async () => {
    // The test clock is 2026-11-23, after the 2026 Muhurat session: use a date still to come.
    const reply = await addDay({
      date: '2026-12-25',
      kind: 'special',
      opensAt: '18:15',
      closesAt: '19:15',
      description: 'Special session on a holiday',
    });
    expect(reply.body.status).toBe(1);
    expect(isOpen(t.app.marketCalendar.current, 'nse', istInstantMs('2026-12-25', 18 * 60 + 30))).toBe(true);
  });

  it('lists built-in and staff rows by date, of one year when asked, to every staff role', async () => {
    const reply = await t.call('/api/console/calendar/listDays', { year: 2027 }, support.headers);
    expect(reply.body.status).toBe(1);
    expect(reply.body.data.days).toEqual([
      expect.objectContaining({
        date: '2027-01-26',
        kind: 'holiday',
        source: 'staff',
        addedBy: compliance.username,
      }),
      expect.objectContaining({ date: '2027-02-07', kind: 'special', opensAt: '10:00', closesAt: '12:00' }),
    ]);
    const all = await t.call('/api/console/calendar/listDays', {}, support.headers);
    const christmas = all.body.data.days.filter((day: { date: string }) => day.date === '2026-12-25');
    expect(christmas.map((day: { source: string; kind: string }) => [day.source, day.kind])).toEqual([
      ['default', 'holiday'],
      ['staff', 'special'],
    ]);
    expect(all.body.data.days.length).toBeGreaterThan(18);
  });
});

describe('bad calendar rows are refused with a code and write nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string, Record<string, unknown>]> = [
    [
      'an impossible date',
      { date: '2027-02-30', kind: 'holiday', description: 'typo' },
      'CALENDAR_DATE_INVALID',
      { date: '2027-02-30' },
    ],
    [
      'a malformed date',
      { date: '27-1-26', kind: 'holiday', description: 'typo' },
      'CALENDAR_DATE_INVALID',
      { date: '27-1-26' },
    ],
    [
      'a past date',
      { date: '2026-11-20', kind: 'holiday', description: 'too late' },
      'CALENDAR_DATE_PAST',
      { date: '2026-11-20' },
    ],
    [
      'a holiday on a Saturday',
      { date: '2027-01-02', kind: 'holiday', description: 'weekend' },
      'CALENDAR_HOLIDAY_ON_WEEKEND',
      { date: '2027-01-02' },
    ],
    [
      'a holiday with hours',
      { date: '2027-03-01', kind: 'holiday', opensAt: '09:15', closesAt: '15:30', description: 'odd' },
      'CALENDAR_HOURS_INVALID',
      { opensAt: '09:15', closesAt: '15:30' },
    ],
    [
      'a special session without hours',
      { date: '2027-03-07', kind: 'special', description: 'no hours' },
      'CALENDAR_HOURS_INVALID',
      { opensAt: '', closesAt: '' },
    ],
    [
      'a special session closing before it opens',
      { date: '2027-03-07', kind: 'special', opensAt: '19:00', closesAt: '18:00', description: 'backwards' },
      'CALENDAR_HOURS_INVALID',
      { opensAt: '19:00', closesAt: '18:00' },
    ],
    [
      'a special session without room for the pre-open',
      { date: '2027-03-07', kind: 'special', opensAt: '00:05', closesAt: '01:00', description: 'midnight' },
      'CALENDAR_HOURS_INVALID',
      { opensAt: '00:05', closesAt: '01:00' },
    ],
    [
      'a special session at 25:00',
      { date: '2027-03-07', kind: 'special', opensAt: '23:00', closesAt: '25:00', description: 'late' },
      'CALENDAR_HOURS_INVALID',
      { opensAt: '23:00', closesAt: '25:00' },
    ],
    [
      'a date staff already added',
      { date: '2027-01-26', kind: 'special', opensAt: '10:00', closesAt: '11:00', description: 'again' },
      'CALENDAR_DAY_EXISTS',
      { date: '2027-01-26', kind: 'holiday' },
    ],
    [
      'a built-in holiday again',
      { date: '2026-12-25', kind: 'holiday', description: 'Christmas' },
      'CALENDAR_DAY_EXISTS',
      { date: '2026-12-25', kind: 'holiday' },
    ],
  ];
  for (const [name, body, code, params] of cases) {
    it(`refuses ${name}`, async () => {
      const [rowsBefore, auditBefore] = [await countRows(), await countAudit()];
      const reply = await addDay(body);
      expect(reply.http).toBe(200);
      expect(reply.body).toMatchObject({ status: 0, code, params });
      expect(await countRows()).toBe(rowsBefore);
      expect(await countAudit()).toBe(auditBefore);
    });
  }

  it('refuses a role outside admin and compliance (403), and an unknown field (400)', async () => {
    const rowsBefore = await countRows();
    const forbidden = await addDay(
      { date: '2027-04-01', kind: 'holiday', description: 'support' },
      support.headers,
    );
    expect(forbidden.http).toBe(403);
    const unknown = await addDay({
      date: '2027-04-01',
      kind: 'holiday',
      description: 'x'.repeat(10),
      extra: 1,
    });
    expect(unknown.http).toBe(400);
    const badKind = await addDay({ date: '2027-04-01', kind: 'halfday', description: 'half day' });
    expect(badKind.http).toBe(400);
    expect(await countRows()).toBe(rowsBefore);
  });
});

describe('staff remove a day they added', () => {
  const removeDay = (body: Record<string, unknown>, headers = compliance.headers) =>
    t.call('/api/console/calendar/removeDay', body, headers);

  it('a wrong holiday is removed with a reason, audited, and the market trades that day again', async () => {
    expect(
      (await addDay({ date: '2027-03-02', kind: 'holiday', description: 'typed a wrong date' })).body.status,
    ).toBe(1);
    expect(isTradingDay(t.app.marketCalendar.current, '2027-03-02')).toBe(false);
    const reply = await removeDay({ date: '2027-03-02', reason: 'the circular says 3 March' });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({
      status: 1,
      data: { date: '2027-03-02', removed: true },
    });
    expect(isTradingDay(t.app.marketCalendar.current, '2027-03-02')).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'calendar.day.remove')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: String(compliance.id),
      target_id: 'nse:2027-03-02',
      reason: 'the circular says 3 March',
    });
  });

  it('refuses a day staff did not add, a past date and a role outside admin and compliance', async () => {
    // No staff row on 2027-05-04: nothing staff added to remove (as on a built-in holiday).
    const builtIn = await removeDay({ date: '2027-05-04', reason: 'try it' });
    expect(builtIn.body).toMatchObject({
      status: 0,
      code: 'HOLIDAY_NOT_REMOVABLE',
      params: { date: '2027-05-04' },
    });
    const past = await removeDay({ date: '2026-01-26', reason: 'try it' });
    expect(past.body.code).toBe('CALENDAR_DATE_PAST');
    expect((await removeDay({ date: '2027-01-26', reason: 'try it' }, support.headers)).http).toBe(403);
    expect((await removeDay({ date: '2027-01-26' })).http).toBe(400);
  });
});
