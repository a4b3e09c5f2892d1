import type { approveDayTrading, DataOf } from '@nivesh/contract';
import type { DayTradingApplicationRecord } from '../../repositories/day-trading.repository.js';

export type DayTradingApplicationView = DataOf<typeof approveDayTrading>;

/** An application as the console shows it. */
export function toDayTradingApplicationView(record: DayTradingApplicationRecord): DayTradingApplicationView {
  return {
    id: String(record.id),
    userId: String(record.userId),
    phone: record.phone,
    realName: record.realName,
    state: record.state,
    appliedAt: record.appliedAtMs,
    decidedAt: record.decidedAtMs,
    decidedBy: record.decidedByStaffId === null ? null : String(record.decidedByStaffId),
    reason: record.reason,
  };
}
