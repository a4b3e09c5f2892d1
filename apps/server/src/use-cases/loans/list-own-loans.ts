import type { BodyOf, DataOf, loanRecords } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { listUserLoans } from '../../repositories/loan.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toLoanView } from './loan-view.js';

const DEFAULT_LIMIT = 20;

/** `loan/records`: the investor's own loans, newest first, cursor paging by id. */
export async function listOwnLoans(
  deps: AppDeps,
  context: UserContext,
  query: BodyOf<typeof loanRecords>,
): Promise<DataOf<typeof loanRecords>> {
  const { page, nextCursor } = await readKeysetPage(query, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listUserLoans(deps.db, context.user.id, { beforeId: cursorId, limit }),
  );
  return { items: page.map((row) => toLoanView(row, context.nowMs)), nextCursor };
}
