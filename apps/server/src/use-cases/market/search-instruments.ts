import { type BodyOf, type DataOf, SEARCH_RESULTS_MAX, type search } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { sql } from 'kysely';
import type { AppDeps } from '../../application/context.js';
import { changePercent } from './list-indices.js';

/** Escapes LIKE's wildcards so that "%" or "_" typed by an investor match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * `market/search`: instruments whose symbol starts with the text or whose name contains it,
 * ignoring case; symbol matches come first, then by symbol. At most 20.
 */
export async function searchInstruments(
  deps: AppDeps,
  input: BodyOf<typeof search>,
): Promise<DataOf<typeof search>> {
  const text = likeLiteral(input.q.trim());
  if (text.length === 0) return [];
  const prefix = `${text}%`;
  const anywhere = `%${text}%`;
  const rows = await deps.db
    .selectFrom('instruments')
    .leftJoin('quotes', 'quotes.symbol', 'instruments.symbol')
    .select([
      'instruments.symbol',
      'instruments.name',
      'instruments.exchange',
      'instruments.segment',
      'quotes.price_paise',
      'quotes.previous_close_paise',
    ])
    .where((eb) =>
      eb.or([eb('instruments.symbol', 'ilike', prefix), eb('instruments.name', 'ilike', anywhere)]),
    )
    .orderBy(sql`CASE WHEN instruments.symbol ILIKE ${prefix} THEN 0 ELSE 1 END`)
    .orderBy('instruments.symbol')
    .limit(SEARCH_RESULTS_MAX)
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    name: row.name,
    exchange: row.exchange,
    segment: row.segment,
    ...(row.price_paise !== null && row.previous_close_paise !== null
      ? {
          price: formatPaise(row.price_paise),
          changeRate: changePercent(row.price_paise, row.previous_close_paise),
        }
      : {}),
  }));
}
