import { Type } from 'typebox';
import { defineCall, EpochMs, Obj, STAFF_ROLES } from '../schema.js';

/*
 * The trading calendar in the staff console (docs/adr/0002-trading-calendar.md): next year's NSE
 * holidays and special sessions (a Budget Sunday, Muhurat trading) are rows staff add; the server
 * merges them into the calendar it trades by. Dates are IST calendar dates, times IST wall-clock `HH:MM`.
 */

const IstDateString = Type.String({ maxLength: 10, description: 'IST date YYYY-MM-DD' });
const ClockString = Type.String({ maxLength: 5, description: 'IST wall-clock time HH:MM' });

export const CalendarDay = Obj({
  date: Type.String(),
  kind: Type.Union([Type.Literal('holiday'), Type.Literal('special')]),
  opensAt: Type.Optional(Type.String()),
  closesAt: Type.Optional(Type.String()),
  description: Type.String(),
  /** `default`: built into the release (the 2026 circulars); `staff`: added in the console. */
  source: Type.Union([Type.Literal('default'), Type.Literal('staff')]),
  addedBy: Type.Optional(Type.String()),
  addedAt: Type.Optional(EpochMs),
});

export const addCalendarDay = defineCall({
  path: 'calendar/addDay',
  summary:
    'Add an NSE holiday or special session (with its opening and closing times) to the trading calendar. ' +
    'A special session on a date that already has a built-in one replaces its times (a Muhurat circular).',
  body: Obj({
    date: IstDateString,
    kind: Type.Union([Type.Literal('holiday'), Type.Literal('special')]),
    opensAt: Type.Optional(ClockString),
    closesAt: Type.Optional(ClockString),
    description: Type.String({ minLength: 3, maxLength: 200 }),
  }),
  data: CalendarDay,
  auth: true,
  mutates: true,
  // Compliance keeps the exchange's circulars, so it edits the calendar.
  roles: ['admin', 'compliance'],
  operation: 'add',
});

export const listCalendarDays = defineCall({
  path: 'calendar/listDays',
  summary: 'The holidays and special sessions of the NSE calendar, built-in and staff-added, by date.',
  body: Obj({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }),
  data: Obj({ days: Type.Array(CalendarDay) }),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

/** A holiday list file as text: NSE's CSV (Date, Day, Description), at most 20,000 characters. */
const HolidayListCsv = Type.String({ minLength: 1, maxLength: 20_000, description: 'the CSV text' });

export const HolidayImportRow = Obj({
  line: Type.Integer({ minimum: 1 }),
  date: Type.String(),
  day: Type.String(),
  description: Type.String(),
  /** `new` is added on confirming; the others are left as they are and say why. */
  status: Type.Union([
    Type.Literal('new'),
    Type.Literal('exists'),
    Type.Literal('weekend'),
    Type.Literal('past'),
    Type.Literal('special'),
  ]),
});

const HolidayImport = Obj({
  year: Type.Integer(),
  rows: Type.Array(HolidayImportRow),
  newCount: Type.Integer({ minimum: 0 }),
});

export const previewHolidayImport = defineCall({
  path: 'calendar/previewHolidayImport',
  summary:
    'Read an exchange holiday list for a year (NSE’s CSV: Date, Day, Description) and say what each line would do; ' +
    'stores nothing. A malformed file is refused with its line number.',
  body: Obj({ year: Type.Integer({ minimum: 2000, maximum: 2100 }), csv: HolidayListCsv }),
  data: HolidayImport,
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance'],
});

export const importHolidays = defineCall({
  path: 'calendar/importHolidays',
  summary:
    'Add the new holidays of a year’s list (as previewed) to the trading calendar, with a reason, in one audited act; ' +
    'a malformed file, or one with nothing new, stores nothing.',
  body: Obj({
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    csv: HolidayListCsv,
    reason: Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' }),
  }),
  data: HolidayImport,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
  operation: 'add',
});
