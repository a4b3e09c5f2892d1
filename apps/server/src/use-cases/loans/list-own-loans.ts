import type { BodyOf, DataOf, loanRecords } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { toLoanView } from '../../repositories/loan.repository.js';
import { keysetPage } from '../../repositories/paging.js';

const DEFAULT_LIMIT = 20;

/** `loan/records`: the investor's own loans, newest first, cursor paging by id. */
export async function listOwnLoans(
  deps: AppDeps,
  context: UserContext,
  query: BodyOf<typeof loanRecords>,
): Promise<DataOf<typeof loanRecords>> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  let select = deps.db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.cursor) select = select.where('id', '<', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => toLoanView(row, context.nowMs)),
    nextCursor,
  };
}
