import type { importHolidays as importHolidaysCall, previewHolidayImport } from '@nivesh/contract';
import {
  type HolidayListRow,
  isHoliday,
  istDate,
  isWeekend,
  NSE_2026_SPECIAL_SESSIONS,
  parseHolidayListCsv,
} from '@nivesh/core';
import { AppError, refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, StaffUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { insertStaffCalendarDay, listStaffCalendarDays } from '../../repositories/calendar.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

type HolidayImportRow = HolidayListRow & { status: 'new' | 'exists' | 'weekend' | 'past' | 'special' };

/**
 * What each line of a year's holiday list would do (docs/adr/0033): `new` is added; a date already a
 * holiday, a weekend (closed anyway), a day before today (past sessions have been traded) or a day
 * with a special session (a Muhurat or Budget session, which a holiday would cancel) is left as it
 * is and says so. A malformed file is refused with the line that is wrong.
 */
async function readHolidayList(
  deps: AppDeps,
  context: StaffContext,
  input: { year: number; csv: string },
): Promise<HolidayImportRow[]> {
  const parsed = parseHolidayListCsv(input.csv, input.year);
  if (!parsed.ok) refuse('HOLIDAY_FILE_INVALID', { line: parsed.line, reason: parsed.reason });
  const rows = (parsed as Extract<typeof parsed, { ok: true }>).rows;
  const calendar = deps.calendar.current;
  const staffSpecials = new Set(
    (await listStaffCalendarDays(deps.db)).filter((day) => day.kind === 'special').map((day) => day.date),
  );
  const today = istDate(context.nowMs);
  return rows.map((row) => {
    const status: HolidayImportRow['status'] =
      row.date < today
        ? 'past'
        : isWeekend(row.date)
          ? 'weekend'
          : isHoliday(calendar, row.date)
            ? 'exists'
            : staffSpecials.has(row.date) ||
                NSE_2026_SPECIAL_SESSIONS.some((session) => session.date === row.date)
              ? 'special'
              : 'new';
    return { ...row, status };
  });
}

const importView = (year: number, rows: HolidayImportRow[]) => ({
  year,
  rows,
  newCount: rows.filter((row) => row.status === 'new').length,
});

/** `calendar/previewHolidayImport`: the list read and each line's outcome; stores nothing. */
export const previewHolidays: StaffUseCase<typeof previewHolidayImport> = async (deps, context, input) =>
  importView(input.year, await readHolidayList(deps, context, input));

/**
 * `calendar/importHolidays`: adds the list's new holidays in one transaction and one audit row with
 * the reason, then trades by them at once (other processes re-read within CALENDAR_RELOAD_MS).
 * Nothing new to add is refused, so a second confirm of the same file stores nothing twice.
 */
export const importHolidays: StaffUseCase<typeof importHolidaysCall> = async (deps, context, input) => {
  const rows = await readHolidayList(deps, context, input);
  const added = rows.filter((row) => row.status === 'new');
  if (added.length === 0) refuse('HOLIDAY_IMPORT_NOTHING_NEW', { year: input.year });
  try {
    await inTransaction(deps.db, async (trx) => {
      for (const row of added) {
        await insertStaffCalendarDay(trx, {
          date: row.date,
          kind: 'holiday',
          opensAt: undefined,
          closesAt: undefined,
          description: row.description,
          createdByStaffId: context.staff.id,
          createdAtMs: context.nowMs,
        });
      }
      await auditStaffAct(trx, context, {
        action: 'calendar.holidays.import',
        target: { type: 'calendar', id: `nse:${input.year}` },
        after: {
          year: input.year,
          added: added.map((row) => ({ date: row.date, description: row.description })),
        },
        reason: input.reason.trim(),
      });
    });
  } catch (error) {
    // A date another staff member added meanwhile: the primary key refuses the whole import.
    if (isUniqueViolation(error)) throw new AppError('HOLIDAY_IMPORT_NOTHING_NEW', { year: input.year });
    throw error;
  }
  await deps.calendar.reload(deps.db);
  return importView(input.year, rows);
};
