import type { BodyOf, DataOf, staffListLendings } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { findListedLendings } from '../../repositories/lending.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { toLendingView } from './lending-view.js';

const PAGE_DEFAULT = 20;

/** Every lending for the console, newest first, paged by id; by state and symbol when asked. */
export async function listStaffLendings(
  deps: AppDeps,
  input: BodyOf<typeof staffListLendings>,
): Promise<DataOf<typeof staffListLendings>> {
  const limit = input.limit ?? PAGE_DEFAULT;
  const rows = await findListedLendings(deps.db, {
    state: input.state,
    symbol: input.symbol ? input.symbol.trim().toUpperCase() : undefined,
    beforeId: input.cursor ? BigInt(input.cursor) : undefined,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => ({ ...toLendingView(row), userId: String(row.userId), phone: row.phone })),
    nextCursor,
  };
}
