import type { addCalendarDay as addCalendarDayCall } from '@nivesh/contract';
import {
  isIstDate,
  istDate,
  isWeekend,
  NSE_2026_HOLIDAYS,
  NSE_2026_SPECIAL_SESSIONS,
  sessionHoursProblem,
} from '@nivesh/core';
import { AppError, refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { findStaffCalendarDayKind, insertStaffCalendarDay } from '../../repositories/calendar.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Adds a holiday or a special session to the NSE calendar (`calendar/addDay`), audited, and makes
 * this process trade by it at once (other processes re-read within CALENDAR_RELOAD_MS).
 *
 * Refused: a malformed date; a date before today (IST), since past sessions have been traded; a
 * holiday on a weekend (it changes nothing); hours that cannot make a session, or hours on a
 * holiday; a date that already has a row staff added; a holiday on a date that is already a
 * built-in holiday or special session. A special session on a built-in holiday or special session
 * is accepted: it replaces it, as when the Muhurat circular gives the real hours.
 */
export const addCalendarDay: StaffUseCase<typeof addCalendarDayCall> = async (deps, context, input) => {
  const { date, kind } = input;
  if (!isIstDate(date)) refuse('CALENDAR_DATE_INVALID', { date });
  if (date < istDate(context.nowMs)) refuse('CALENDAR_DATE_PAST', { date });
  const hours = { opensAt: input.opensAt ?? '', closesAt: input.closesAt ?? '' };
  if (kind === 'holiday') {
    if (input.opensAt !== undefined || input.closesAt !== undefined) refuse('CALENDAR_HOURS_INVALID', hours);
    if (isWeekend(date)) refuse('CALENDAR_HOLIDAY_ON_WEEKEND', { date });
    if (NSE_2026_HOLIDAYS.some((row) => row.date === date))
      refuse('CALENDAR_DAY_EXISTS', { date, kind: 'holiday' });
    if (NSE_2026_SPECIAL_SESSIONS.some((row) => row.date === date))
      refuse('CALENDAR_DAY_EXISTS', { date, kind: 'special' });
  } else if (sessionHoursProblem(hours) !== undefined) {
    refuse('CALENDAR_HOURS_INVALID', hours);
  }

  const row = {
    date,
    kind,
    opensAt: kind === 'special' ? hours.opensAt : undefined,
    closesAt: kind === 'special' ? hours.closesAt : undefined,
    description: input.description.trim(),
    createdByStaffId: context.staff.id,
    createdAtMs: context.nowMs,
  };
  try {
    await inTransaction(deps.db, async (trx) => {
      const existing = await findStaffCalendarDayKind(trx, date);
      if (existing) refuse('CALENDAR_DAY_EXISTS', { date, kind: existing });
      await insertStaffCalendarDay(trx, row);
      await auditStaffAct(trx, context, {
        action: 'calendar.day.add',
        target: { type: 'calendar_day', id: `nse:${date}` },
        after: row,
        reason: row.description,
      });
    });
  } catch (error) {
    // Two staff adding the same date at once: the primary key lets one through.
    if (isUniqueViolation(error)) throw new AppError('CALENDAR_DAY_EXISTS', { date, kind });
    throw error;
  }
  await deps.calendar.reload(deps.db);
  return {
    date,
    kind,
    ...(row.opensAt ? { opensAt: row.opensAt } : {}),
    ...(row.closesAt ? { closesAt: row.closesAt } : {}),
    description: row.description,
    source: 'staff',
    addedBy: context.staff.username,
    addedAt: context.nowMs,
  };
};
