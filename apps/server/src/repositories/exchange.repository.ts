import type { ExchangeRate } from '@nivesh/core';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ExchangesTable } from '../db/schema.js';
import { newestFirstPage, type PageBefore } from './paging.js';

/** One currency exchange an investor made, at the rate and spread of that moment. */
export interface ExchangeRecord {
  id: bigint;
  userId: bigint;
  from: string;
  to: string;
  fromMinor: bigint;
  toMinor: bigint;
  rate: ExchangeRate;
  spreadBps: number;
  entryId: bigint | null;
  createdAtMs: number;
}

function toExchange(row: Selectable<ExchangesTable>): ExchangeRecord {
  return {
    id: row.id,
    userId: row.user_id,
    from: row.from_currency,
    to: row.to_currency,
    fromMinor: row.from_minor,
    toMinor: row.to_minor,
    rate: { numerator: row.rate_numerator, denominator: row.rate_denominator },
    spreadBps: row.spread_bps,
    entryId: row.entry_id,
    createdAtMs: row.created_at.getTime(),
  };
}

/**
 * Records an exchange before its entry is posted (the entry's key names this row's id); its entry id
 * is set with setExchangeEntry in the same transaction.
 */
export async function insertExchange(
  trx: Db,
  exchange: Omit<ExchangeRecord, 'id' | 'entryId' | 'createdAtMs'> & { atMs: number },
): Promise<bigint> {
  const row = await trx
    .insertInto('exchanges')
    .values({
      user_id: exchange.userId,
      from_currency: exchange.from,
      to_currency: exchange.to,
      from_minor: exchange.fromMinor,
      to_minor: exchange.toMinor,
      rate_numerator: exchange.rate.numerator,
      rate_denominator: exchange.rate.denominator,
      spread_bps: exchange.spreadBps,
      entry_id: null,
      created_at: new Date(exchange.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setExchangeEntry(trx: Db, id: bigint, entryId: bigint): Promise<ExchangeRecord> {
  const row = await trx
    .updateTable('exchanges')
    .set({ entry_id: entryId })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExchange(row);
}

/** A user's exchanges, newest first, before an id when paging. */
export async function listOwnExchanges(db: Db, userId: bigint, page: PageBefore): Promise<ExchangeRecord[]> {
  const select = db.selectFrom('exchanges').selectAll().where('user_id', '=', userId);
  return (await newestFirstPage(select, 'id', page).execute()).map(toExchange);
}
