import {
  addIstDays,
  type IstDate,
  isIstDate,
  isTradingDay,
  previousTradingDay,
  type TradingCalendar,
  tradingSessionOn,
} from '../calendar/index.js';
import { invariant } from '../invariant.js';

/** The stretch of time one trading day's end-of-day report covers. */
export interface DailyReportPeriod {
  tradeDate: IstDate;
  /** The first IST date the period touches: the day after the previous trading day. */
  firstDate: IstDate;
  /** The close of the previous trading day's session (inclusive). */
  startMs: number;
  /** The close of this trading day's session (exclusive). */
  endMs: number;
}

function closeOf(calendar: TradingCalendar, date: IstDate): number {
  const session = tradingSessionOn(calendar, date);
  invariant(session !== null, `no session on ${date}`);
  return session.closesAtMs;
}

/**
 * The period a trading day's end-of-day report covers (docs/adr/0033): from the previous trading
 * day's close to this day's close. So money received in the evening, on a Saturday or on a holiday
 * is in the next trading day's report, every instant belongs to exactly one report, and the report
 * can be made as soon as the session closes. Undefined for a date that is no trading day.
 *
 * @example dailyReportPeriod(createNseCalendar(), '2026-11-23') // Monday: firstDate '2026-11-21' (the
 * Saturday), startMs Friday 20 November 15:30 IST, endMs Monday 23 November 15:30 IST
 */
export function dailyReportPeriod(
  calendar: TradingCalendar,
  tradeDate: IstDate,
): DailyReportPeriod | undefined {
  if (!isIstDate(tradeDate) || !isTradingDay(calendar, tradeDate)) return undefined;
  const previous = previousTradingDay(calendar, tradeDate);
  return {
    tradeDate,
    firstDate: addIstDays(previous, 1),
    startMs: closeOf(calendar, previous),
    endMs: closeOf(calendar, tradeDate),
  };
}

/**
 * Whether a trading day's session has closed at an instant, so its report may be made.
 *
 * @example isTradingDayClosed(createNseCalendar(), '2026-11-23', Date.UTC(2026, 10, 23, 10, 1)) // true: 15:31 IST
 */
export function isTradingDayClosed(calendar: TradingCalendar, tradeDate: IstDate, atMs: number): boolean {
  const period = dailyReportPeriod(calendar, tradeDate);
  return period !== undefined && atMs >= period.endMs;
}
