import type { lendingRecords } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { findListedLendings } from '../../repositories/lending.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toLendingView } from './lending-view.js';

const PAGE_DEFAULT = 20;

/** The investor's lendings, newest first, paged by id; filtered by state when asked. */
export const listLendingRecords: InvestorUseCase<typeof lendingRecords> = async (deps, context, input) => {
  const { page, nextCursor } = await readKeysetPage(input, PAGE_DEFAULT, ({ cursorId, limit }) =>
    findListedLendings(deps.db, { userId: context.user.id, state: input.state, beforeId: cursorId, limit }),
  );
  return { items: page.map(toLendingView), nextCursor };
};
