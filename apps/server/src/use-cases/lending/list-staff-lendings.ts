import type { BodyOf, DataOf, staffListLendings } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { lendingQuery, toLendingView } from '../../repositories/lending.repository.js';
import { keysetPage } from '../../repositories/paging.js';

const PAGE_DEFAULT = 20;

/** Every lending for the console, newest first, paged by id; by state and symbol when asked. */
export async function listStaffLendings(
  deps: AppDeps,
  input: BodyOf<typeof staffListLendings>,
): Promise<DataOf<typeof staffListLendings>> {
  const limit = input.limit ?? PAGE_DEFAULT;
  let query = lendingQuery(deps.db).innerJoin('users', 'users.id', 'lendings.user_id').select('users.phone');
  if (input.state) query = query.where('lendings.state', '=', input.state);
  if (input.symbol) query = query.where('lendings.symbol', '=', input.symbol.trim().toUpperCase());
  if (input.cursor) query = query.where('lendings.id', '<', BigInt(input.cursor));
  const rows = await query
    .orderBy('lendings.id', 'desc')
    .limit(limit + 1)
    .execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => ({ ...toLendingView(row), userId: String(row.user_id), phone: row.phone })),
    nextCursor,
  };
}
