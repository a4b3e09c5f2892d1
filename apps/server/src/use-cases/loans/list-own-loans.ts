import type { BodyOf, DataOf, loanRecords } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { listUserLoans } from '../../repositories/loan.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { toLoanView } from './loan-view.js';

const DEFAULT_LIMIT = 20;

/** `loan/records`: the investor's own loans, newest first, cursor paging by id. */
export async function listOwnLoans(
  deps: AppDeps,
  context: UserContext,
  query: BodyOf<typeof loanRecords>,
): Promise<DataOf<typeof loanRecords>> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const rows = await listUserLoans(deps.db, context.user.id, {
    beforeId: query.cursor ? BigInt(query.cursor) : undefined,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => toLoanView(row, context.nowMs)),
    nextCursor,
  };
}
