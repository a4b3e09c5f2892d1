import { istDate } from '../calendar/ist-time.js';
import { isWorkingDay, type TradingCalendar } from '../calendar/trading-calendar.js';
import { type DailyWindow, isWithinDailyWindow } from './daily-window.js';

/** When withdrawals may be requested: a daily IST window, on working days only when so configured. */
export interface WithdrawalWindowRule extends DailyWindow {
  workingDaysOnly: boolean;
}

/**
 * Whether a withdrawal may be requested at an instant: inside the daily window and, when the rule
 * says working days only, on a weekday the calendar does not close. The calendar is the one the
 * server trades by, so a holiday staff add closes withdrawals as it closes trading.
 *
 * Example: with `{ from: '09:30', to: '24:00', workingDaysOnly: true }`, Monday 2026-11-23 10:00 IST
 * is inside; Holi (2026-03-03) at 10:00 IST and any Saturday are not.
 */
export function isInWithdrawalWindow(
  calendar: TradingCalendar,
  rule: WithdrawalWindowRule,
  atMs: number,
): boolean {
  if (rule.workingDaysOnly && !isWorkingDay(calendar, istDate(atMs))) return false;
  return isWithinDailyWindow(atMs, rule);
}

/**
 * How many staff approvals a withdrawal needs: one, or two (different people) above the threshold.
 *
 * Example: above a ₹2,00,000 threshold (`20000000n`), ₹2,00,000.01 needs 2 and ₹2,00,000.00 needs 1.
 */
export function withdrawalApprovalsRequired(amountMinor: bigint, secondApprovalAboveMinor: bigint): 1 | 2 {
  return amountMinor > secondApprovalAboveMinor ? 2 : 1;
}
