import type { loanRecords } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { listUserLoans } from '../../repositories/loan.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toLoanView } from './loan-view.js';

const DEFAULT_LIMIT = 20;

/** `loan/records`: the investor's own loans, newest first, cursor paging by id. */
export const listOwnLoans: InvestorUseCase<typeof loanRecords> = async (deps, context, query) => {
  const { page, nextCursor } = await readKeysetPage(query, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listUserLoans(deps.db, context.user.id, { beforeId: cursorId, limit }),
  );
  return { items: page.map((row) => toLoanView(row, context.nowMs)), nextCursor };
};
