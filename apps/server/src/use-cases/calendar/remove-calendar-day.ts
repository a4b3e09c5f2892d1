import type { removeCalendarDay as removeCalendarDayCall } from '@nivesh/contract';
import { isIstDate, istDate } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { deleteStaffCalendarDay, listStaffCalendarDays } from '../../repositories/calendar.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Removes a day staff added to the NSE calendar (`calendar/removeDay`), with a reason, audited with
 * the row removed, and makes this process trade by the calendar without it at once. A built-in
 * holiday or session is the exchange's and stays (HOLIDAY_NOT_REMOVABLE); a past date has been
 * traded (or not) already and stays too (CALENDAR_DATE_PAST).
 */
export const removeCalendarDay: StaffUseCase<typeof removeCalendarDayCall> = async (deps, context, input) => {
  const { date } = input;
  if (!isIstDate(date)) refuse('CALENDAR_DATE_INVALID', { date });
  if (date < istDate(context.nowMs)) refuse('CALENDAR_DATE_PAST', { date });
  await inTransaction(deps.db, async (trx) => {
    const before = (await listStaffCalendarDays(trx)).find((row) => row.date === date);
    if (!before || !(await deleteStaffCalendarDay(trx, date))) refuse('HOLIDAY_NOT_REMOVABLE', { date });
    await auditStaffAct(trx, context, {
      action: 'calendar.day.remove',
      target: { type: 'calendar_day', id: `nse:${date}` },
      before,
      reason: input.reason,
    });
  });
  await deps.calendar.reload(deps.db);
  return { date, removed: true };
};
