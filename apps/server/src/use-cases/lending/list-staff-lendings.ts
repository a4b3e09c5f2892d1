import type { BodyOf, DataOf, staffListLendings } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { findListedLendings } from '../../repositories/lending.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { toLendingView } from './lending-view.js';

const PAGE_DEFAULT = 20;

/** Every lending for the console, newest first, paged by id; by state and symbol when asked. */
export async function listStaffLendings(
  deps: AppDeps,
  input: BodyOf<typeof staffListLendings>,
): Promise<DataOf<typeof staffListLendings>> {
  const symbol = input.symbol ? input.symbol.trim().toUpperCase() : undefined;
  const { page, nextCursor } = await readKeysetPage(input, PAGE_DEFAULT, ({ cursorId, limit }) =>
    findListedLendings(deps.db, { state: input.state, symbol, beforeId: cursorId, limit }),
  );
  return {
    items: page.map((row) => ({ ...toLendingView(row), userId: String(row.userId), phone: row.phone })),
    nextCursor,
  };
}
