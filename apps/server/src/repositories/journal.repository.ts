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
