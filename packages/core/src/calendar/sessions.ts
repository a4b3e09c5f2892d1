import { invariant } from '../invariant.js';
import { PARAMETERS } from '../parameters/registry.js';
import {
  addIstDays,
  istDate,
  istDayStartMs,
  istMsOfDay,
  MS_PER_DAY,
  MS_PER_MINUTE,
  parseClockMinutes,
} from './ist-time.js';
import {
  CLOSING_SESSION_DELAY_MINUTES,
  CLOSING_SESSION_MINUTES,
  MAX_DAYS_WITHOUT_TRADING,
  PRE_OPEN_MINUTES,
  PRE_OPEN_ORDER_ENTRY_MINUTES,
  previousTradingDay,
  type SessionHoursRow,
  type TradingCalendar,
  type TradingSession,
  tradingSessionOn,
} from './trading-calendar.js';

/**
 * Where a market stands at an instant. Every function takes the instant explicitly: callers pass
 * the time from their injected clock, so tests and replays are deterministic.
 */

/** `nse` follows the exchange calendar; `always` is open around the clock (crypto, FX). */
export type TradingCalendarId = 'nse' | 'always';

/**
 * `pre_open` is the call auction before the open, `open` the continuous session in which orders
 * fill, `closing` the closing session at the closing price. Anything else is `closed`.
 */
export type SessionPhase = 'closed' | 'pre_open' | 'open' | 'closing';

export interface SessionState {
  phase: SessionPhase;
  /**
   * Open and close of the continuous session this state belongs to: today's while in pre-open, open
   * or closing; the next one while closed. For `always`, the bounds of the current IST day.
   */
  opensAtMs: number;
  closesAtMs: number;
}

/**
 * NSE block deal windows (SEBI's framework): 08:45 to 09:00 and 14:05 to 14:20 IST. One source of
 * truth: these are the defaults of the `block_window_*` parameters, which the server passes in.
 */
export const NSE_BLOCK_WINDOWS: readonly SessionHoursRow[] = [
  PARAMETERS.block_window_morning.default,
  PARAMETERS.block_window_afternoon.default,
].map((window) => ({ opensAt: window.start, closesAt: window.end }));

const PRE_OPEN_MS = PRE_OPEN_MINUTES * MS_PER_MINUTE;
const PRE_OPEN_ORDER_ENTRY_MS = PRE_OPEN_ORDER_ENTRY_MINUTES * MS_PER_MINUTE;
const CLOSING_SESSION_DELAY_MS = CLOSING_SESSION_DELAY_MINUTES * MS_PER_MINUTE;
const CLOSING_SESSION_MS = CLOSING_SESSION_MINUTES * MS_PER_MINUTE;

/** The first session, today or later, whose continuous session has not yet ended at `atMs`. */
function findSessionNotEndedAt(calendar: TradingCalendar, atMs: number): TradingSession {
  let date = istDate(atMs);
  for (let step = 0; step <= MAX_DAYS_WITHOUT_TRADING; step += 1) {
    const session = tradingSessionOn(calendar, date);
    if (session && atMs < session.closesAtMs) return session;
    date = addIstDays(date, 1);
  }
  invariant(false, `no trading session within ${MAX_DAYS_WITHOUT_TRADING} days of ${atMs}`);
}

function phaseOf(session: TradingSession, atMs: number): SessionPhase {
  if (atMs >= session.opensAtMs && atMs < session.closesAtMs) return 'open';
  if (atMs >= session.opensAtMs - PRE_OPEN_MS && atMs < session.opensAtMs) return 'pre_open';
  const closingStartsAtMs = session.closesAtMs + CLOSING_SESSION_DELAY_MS;
  if (atMs >= closingStartsAtMs && atMs < closingStartsAtMs + CLOSING_SESSION_MS) return 'closing';
  return 'closed';
}

/**
 * The phase of the market at an instant, with the continuous session it belongs to.
 *
 * @example
 * // Friday 2026-01-23 at 15:45 IST: the closing session of that day.
 * sessionAt(createNseCalendar(), 'nse', Date.UTC(2026, 0, 23, 10, 15)).phase // 'closing'
 */
export function sessionAt(
  calendar: TradingCalendar,
  calendarId: TradingCalendarId,
  atMs: number,
): SessionState {
  if (calendarId === 'always') {
    const opensAtMs = istDayStartMs(istDate(atMs));
    return { phase: 'open', opensAtMs, closesAtMs: opensAtMs + MS_PER_DAY };
  }
  const today = tradingSessionOn(calendar, istDate(atMs));
  if (today) {
    const phase = phaseOf(today, atMs);
    if (phase !== 'closed' || atMs < today.opensAtMs) {
      return { phase, opensAtMs: today.opensAtMs, closesAtMs: today.closesAtMs };
    }
  }
  const next = findSessionNotEndedAt(calendar, atMs);
  return { phase: 'closed', opensAtMs: next.opensAtMs, closesAtMs: next.closesAtMs };
}

/**
 * Whether orders fill at an instant: the continuous session for `nse`, always for `always`.
 *
 * @example isOpen(createNseCalendar(), 'nse', Date.UTC(2026, 0, 26, 5, 0)) // false: Republic Day
 */
export function isOpen(calendar: TradingCalendar, calendarId: TradingCalendarId, atMs: number): boolean {
  return sessionAt(calendar, calendarId, atMs).phase === 'open';
}

/**
 * The earliest instant at or after `atMs` when the market is open: `atMs` itself when it is open
 * already (and always for `always`), otherwise the next session's open.
 *
 * @example
 * // Saturday 2026-01-24 noon IST → Tuesday 2026-01-27 09:15 IST, since Monday is Republic Day.
 * nextOpen(createNseCalendar(), 'nse', Date.UTC(2026, 0, 24, 6, 30)) // Date.UTC(2026, 0, 27, 3, 45)
 */
export function nextOpen(calendar: TradingCalendar, calendarId: TradingCalendarId, atMs: number): number {
  if (calendarId === 'always') return atMs;
  const session = findSessionNotEndedAt(calendar, atMs);
  return Math.max(atMs, session.opensAtMs);
}

/**
 * Whether the pre-open call auction takes orders at an instant (09:00 to 09:08 on a normal day);
 * 09:08 to 09:15 is order matching, when entry is closed.
 *
 * @example isPreOpenOrderEntry(createNseCalendar(), Date.UTC(2026, 0, 23, 3, 35)) // true: 09:05 IST
 */
export function isPreOpenOrderEntry(calendar: TradingCalendar, atMs: number): boolean {
  const session = tradingSessionOn(calendar, istDate(atMs));
  if (!session) return false;
  const entryOpensAtMs = session.opensAtMs - PRE_OPEN_MS;
  return atMs >= entryOpensAtMs && atMs < entryOpensAtMs + PRE_OPEN_ORDER_ENTRY_MS;
}

/**
 * Whether a block deal window is open at an instant. Windows are IST wall-clock times (a server
 * parameter; NSE's by default) and apply on trading days that keep the regular hours: a special
 * session with other hours, such as Muhurat trading, has no block window in our data.
 *
 * @example isBlockWindow(createNseCalendar(), Date.UTC(2026, 0, 23, 8, 40)) // true: 14:10 IST on a Friday
 */
export function isBlockWindow(
  calendar: TradingCalendar,
  atMs: number,
  windows: readonly SessionHoursRow[] = NSE_BLOCK_WINDOWS,
): boolean {
  const session = tradingSessionOn(calendar, istDate(atMs));
  if (!session?.hasRegularHours) return false;
  const msOfDay = istMsOfDay(atMs);
  return windows.some(
    (window) =>
      msOfDay >= parseClockMinutes(window.opensAt) * MS_PER_MINUTE &&
      msOfDay < parseClockMinutes(window.closesAt) * MS_PER_MINUTE,
  );
}

/**
 * The close of the latest NSE session that has ended at or before an instant: pending day orders
 * placed before it have expired.
 *
 * @example
 * // Monday 2026-11-23 at 10:00 IST → Friday 2026-11-20 15:30 IST.
 * lastCloseAtOrBefore(createNseCalendar(), Date.UTC(2026, 10, 23, 4, 30)) // Date.UTC(2026, 10, 20, 10, 0)
 */
export function lastCloseAtOrBefore(calendar: TradingCalendar, atMs: number): number {
  const date = istDate(atMs);
  const today = tradingSessionOn(calendar, date);
  if (today && today.closesAtMs <= atMs) return today.closesAtMs;
  const previous = tradingSessionOn(calendar, previousTradingDay(calendar, date));
  invariant(previous !== null, `no session before ${date}`);
  return previous.closesAtMs;
}
