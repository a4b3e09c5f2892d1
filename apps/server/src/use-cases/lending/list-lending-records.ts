import type { BodyOf, DataOf, lendingRecords } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { lendingQuery, toLendingView } from '../../repositories/lending.repository.js';
import { keysetPage } from '../../repositories/paging.js';

const PAGE_DEFAULT = 20;

/** The investor's lendings, newest first, paged by id; filtered by state when asked. */
export async function listLendingRecords(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof lendingRecords>,
): Promise<DataOf<typeof lendingRecords>> {
  const limit = input.limit ?? PAGE_DEFAULT;
  let query = lendingQuery(deps.db).where('lendings.user_id', '=', context.user.id);
  if (input.state) query = query.where('lendings.state', '=', input.state);
  if (input.cursor) query = query.where('lendings.id', '<', BigInt(input.cursor));
  const rows = await query
    .orderBy('lendings.id', 'desc')
    .limit(limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toLendingView),
    nextCursor,
  };
}
