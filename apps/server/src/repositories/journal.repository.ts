import { formatPaise } from '@nivesh/core';
import type { Db } from '../db/database.js';

/** What an entry moved: per currency, the sum of its positive postings, in minor units. */
export async function entryAmounts(
  db: Db,
  entryIds: readonly bigint[],
): Promise<Map<bigint, Map<string, bigint>>> {
  const result = new Map<bigint, Map<string, bigint>>();
  if (entryIds.length === 0) return result;
  const rows = await db
    .selectFrom('postings')
    .select(['entry_id', 'currency', (eb) => eb.fn.sum<string>('amount_minor').as('moved')])
    .where('entry_id', 'in', entryIds)
    .where('amount_minor', '>', 0n)
    .groupBy(['entry_id', 'currency'])
    .orderBy('currency')
    .execute();
  for (const row of rows) {
    const byCurrency = result.get(row.entry_id) ?? new Map<string, bigint>();
    byCurrency.set(row.currency, BigInt(row.moved));
    result.set(row.entry_id, byCurrency);
  }
  return result;
}

/** The largest per-currency amount an entry moved; compared with money thresholds in minor units. */
export function largestAmount(amounts: ReadonlyMap<string, bigint> | undefined): bigint {
  let largest = 0n;
  for (const amount of amounts?.values() ?? []) if (amount > largest) largest = amount;
  return largest;
}

export function amountsForApi(amounts: ReadonlyMap<string, bigint> | undefined) {
  return [...(amounts ?? new Map<string, bigint>())].map(([currency, amount]) => ({
    currency,
    amount: formatPaise(amount),
  }));
}

// The console dashboard's figures: how many entries of some kinds were posted since an instant, and
// the INR they moved (the sum of their positive postings). A kind may end in % to match a prefix.
export async function sumInrMovedSince(
  db: Db,
  kinds: readonly string[],
  sinceMs: number,
): Promise<{ entries: number; movedMinor: bigint }> {
  const row = await db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .select((eb) => [
      eb.fn.count<bigint>('e.id').distinct().as('entries'),
      // As text: a numeric sum may not fit a JavaScript number.
      eb.cast<string | null>(eb.fn.sum('p.amount_minor'), 'text').as('moved'),
    ])
    .where('e.created_at', '>=', new Date(sinceMs))
    .where('p.amount_minor', '>', 0n)
    .where('p.currency', '=', 'INR')
    .where((eb) => eb.or(kinds.map((kind) => eb('e.kind', 'like', kind))))
    .executeTakeFirst();
  return { entries: Number(row?.entries ?? 0n), movedMinor: BigInt(row?.moved ?? '0') };
}
