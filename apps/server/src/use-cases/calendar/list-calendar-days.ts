import type { BodyOf, DataOf, listCalendarDays as listCalendarDaysCall } from '@nivesh/contract';
import { NSE_2026_HOLIDAYS, NSE_2026_SPECIAL_SESSIONS } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { listStaffCalendarDays } from '../../repositories/calendar.repository.js';

type CalendarDay = DataOf<typeof listCalendarDaysCall>['days'][number];

/**
 * `calendar/listDays`: the built-in rows and the staff rows by date (of one year when asked). On a
 * date with both, the staff row comes last and is the one the calendar uses.
 */
export async function listCalendarDays(
  deps: AppDeps,
  input: BodyOf<typeof listCalendarDaysCall>,
): Promise<DataOf<typeof listCalendarDaysCall>> {
  const builtIn: CalendarDay[] = [
    ...NSE_2026_HOLIDAYS.map((row) => ({
      date: row.date,
      kind: 'holiday' as const,
      description: row.description,
      source: 'default' as const,
    })),
    ...NSE_2026_SPECIAL_SESSIONS.map((row) => ({
      date: row.date,
      kind: 'special' as const,
      opensAt: row.opensAt,
      closesAt: row.closesAt,
      description: row.description,
      source: 'default' as const,
    })),
  ];
  const staff: CalendarDay[] = (await listStaffCalendarDays(deps.db)).map((row) => ({
    date: row.date,
    kind: row.kind,
    ...(row.opensAt ? { opensAt: row.opensAt } : {}),
    ...(row.closesAt ? { closesAt: row.closesAt } : {}),
    description: row.description,
    source: 'staff' as const,
    addedBy: row.createdByUsername,
    addedAt: row.createdAtMs,
  }));
  const prefix = input.year === undefined ? '' : `${input.year}-`;
  const days = [...builtIn, ...staff]
    .filter((day) => day.date.startsWith(prefix))
    // A stable sort keeps built-in before staff on the same date.
    .sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
  return { days };
}
