import { createNseCalendar, type TradingCalendar } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { listStaffCalendarDays, type StaffCalendarDay } from '../repositories/calendar.repository.js';

/** The NSE calendar of the built-in rows followed by the rows staff added (ADR 0002). */
export function buildNseCalendar(staffDays: readonly StaffCalendarDay[]): TradingCalendar {
  return createNseCalendar({
    holidays: staffDays
      .filter((day) => day.kind === 'holiday')
      .map((day) => ({ date: day.date, description: day.description })),
    specialSessions: staffDays.flatMap((day) =>
      day.kind === 'special' && day.opensAt && day.closesAt
        ? [{ date: day.date, opensAt: day.opensAt, closesAt: day.closesAt, description: day.description }]
        : [],
    ),
  });
}

/** How often a process re-reads the staff rows, so that one added on another process reaches it. */
export const CALENDAR_RELOAD_MS = 10 * 60_000;

/**
 * The trading calendar this server process trades by: built-in rows plus staff rows, re-read when
 * staff add one here (at once) and every CALENDAR_RELOAD_MS (rows added on another process).
 * Readers take `current` each time rather than keeping it.
 */
export class MarketCalendar {
  private calendar: TradingCalendar = createNseCalendar();

  get current(): TradingCalendar {
    return this.calendar;
  }

  async reload(db: Db): Promise<TradingCalendar> {
    this.calendar = buildNseCalendar(await listStaffCalendarDays(db));
    return this.calendar;
  }

  /** Re-reads every `intervalMs` until the returned function is called. */
  reloadEvery(db: Db, intervalMs: number, onError: (error: unknown) => void): () => void {
    const timer = setInterval(() => {
      this.reload(db).catch(onError);
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
