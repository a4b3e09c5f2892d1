import type { readUserFunds as readUserFundsCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { findUserById } from '../../repositories/user.repository.js';
import { readFundRecordsOf } from '../funds/read-fund-records.js';

/** An investor's deposits or withdrawals as their fund records show them, for the customer view. */
export const readUserFunds: StaffUseCase<typeof readUserFundsCall> = async (deps, _context, input) => {
  const userId = BigInt(input.userId);
  (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  return readFundRecordsOf(deps.db, userId, {
    tab: input.tab,
    ...(input.cursor ? { cursor: input.cursor } : {}),
    ...(input.limit ? { limit: input.limit } : {}),
  });
};
