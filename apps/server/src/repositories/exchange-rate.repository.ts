import type { ExchangeRate } from '@nivesh/core';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ExchangeRatesTable } from '../db/schema.js';
import { findRecord, lockRecord } from './row-lookups.js';

/** The rate of one direction of a currency pair, as staff set it, with the spread taken from it. */
export interface ExchangeRateRecord {
  from: string;
  to: string;
  rate: ExchangeRate;
  spreadBps: number;
  enabled: boolean;
  updatedAtMs: number;
}

function toExchangeRate(row: Selectable<ExchangeRatesTable>): ExchangeRateRecord {
  return {
    from: row.from_currency,
    to: row.to_currency,
    rate: { numerator: row.rate_numerator, denominator: row.rate_denominator },
    spreadBps: row.spread_bps,
    enabled: row.enabled,
    updatedAtMs: row.updated_at.getTime(),
  };
}

/** Every pair (or the enabled ones), ordered by source then target currency. */
export async function listExchangeRates(
  db: Db,
  options: { enabledOnly: boolean },
): Promise<ExchangeRateRecord[]> {
  let select = db.selectFrom('exchange_rates').selectAll().orderBy('from_currency').orderBy('to_currency');
  if (options.enabledOnly) select = select.where('enabled', '=', true);
  return (await select.execute()).map(toExchangeRate);
}

/** The enabled rate from one currency to another, or undefined when that pair is not offered. */
export async function findEnabledExchangeRate(
  db: Db,
  from: string,
  to: string,
): Promise<ExchangeRateRecord | undefined> {
  return findRecord(
    db,
    'exchange_rates',
    { from_currency: from, to_currency: to, enabled: true },
    toExchangeRate,
  );
}

/** A pair's rate, locked until the transaction ends, so that two changes apply one after the other. */
export async function lockExchangeRate(
  trx: Db,
  from: string,
  to: string,
): Promise<ExchangeRateRecord | undefined> {
  return lockRecord(trx, 'exchange_rates', { from_currency: from, to_currency: to }, toExchangeRate);
}

/** Creates or replaces a pair's rate; answers it as stored. */
export async function saveExchangeRate(
  trx: Db,
  rate: Omit<ExchangeRateRecord, 'updatedAtMs'> & { staffId: bigint | null; atMs: number },
): Promise<ExchangeRateRecord> {
  const values = {
    rate_numerator: rate.rate.numerator,
    rate_denominator: rate.rate.denominator,
    spread_bps: rate.spreadBps,
    enabled: rate.enabled,
    updated_by: rate.staffId,
    updated_at: new Date(rate.atMs),
  };
  const row = await trx
    .insertInto('exchange_rates')
    .values({ from_currency: rate.from, to_currency: rate.to, ...values })
    .onConflict((conflict) => conflict.columns(['from_currency', 'to_currency']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toExchangeRate(row);
}
