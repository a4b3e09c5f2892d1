import type { readUserLoans as readUserLoansCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { listUserLoans } from '../../repositories/loan.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { findUserById } from '../../repositories/user.repository.js';
import { toLoanView } from '../loans/loan-view.js';

const DEFAULT_LIMIT = 20;

/** An investor's credit loans as they see them (loan/records), for the customer view. */
export const readUserLoans: StaffUseCase<typeof readUserLoansCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_LIMIT, ({ cursorId, limit }) =>
    listUserLoans(deps.db, userId, { beforeId: cursorId, limit }),
  );
  return { items: page.map((row) => toLoanView(row, context.nowMs)), nextCursor };
};
