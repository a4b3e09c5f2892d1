import type { DataOf, listChargeSchedules as listChargeSchedulesCall } from '@nivesh/contract';
import { istDate, scheduleInForce } from '@nivesh/core';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { listChargeSchedules as listStoredSchedules } from '../../repositories/charge-schedule.repository.js';
import { toChargeScheduleItem } from './charge-schedule-view.js';

/** Every charge schedule, oldest first, the one in force today (IST) marked. */
export async function listChargeSchedules(
  deps: AppDeps,
  context: StaffContext,
): Promise<DataOf<typeof listChargeSchedulesCall>> {
  const today = istDate(context.nowMs);
  const records = await listStoredSchedules(deps.db);
  const current = scheduleInForce(records, today);
  return { items: records.map((record) => toChargeScheduleItem(record, record === current)), today };
}
