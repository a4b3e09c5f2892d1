import type { BodyOf, DataOf, listDayTradingApplications as listCall } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { applicationQuery, toApplication } from '../../repositories/day-trading.repository.js';

/** Applications in one state for the console: pending ones oldest first, decided ones newest first. */
export async function listDayTradingApplications(
  deps: AppDeps,
  input: BodyOf<typeof listCall>,
): Promise<DataOf<typeof listCall>> {
  const state = input.state ?? 'pending';
  const rows = await applicationQuery(deps.db)
    .where('day_trading_applications.state', '=', state)
    .orderBy('day_trading_applications.id', state === 'pending' ? 'asc' : 'desc')
    .limit(input.limit ?? 50)
    .execute();
  return { items: rows.map(toApplication) };
}
