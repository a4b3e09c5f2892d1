import type { BodyOf, DataOf, listDayTradingApplications as listCall } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { findDayTradingApplicationsInState } from '../../repositories/day-trading.repository.js';
import { toDayTradingApplicationView } from './day-trading-application-view.js';

/** Applications in one state for the console: pending ones oldest first, decided ones newest first. */
export async function listDayTradingApplications(
  deps: AppDeps,
  input: BodyOf<typeof listCall>,
): Promise<DataOf<typeof listCall>> {
  const state = input.state ?? 'pending';
  const records = await findDayTradingApplicationsInState(deps.db, state, input.limit ?? 50);
  return { items: records.map(toDayTradingApplicationView) };
}
