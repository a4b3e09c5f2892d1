import type { CurrencyCode, TradingAccounts } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';

/** The ledger accounts a trade touches (core trade-postings names them). */
export type { TradingAccounts } from '@nivesh/core';

// Account ids never change once opened; remembering them saves five queries per order. Bounded:
// the map is dropped whole when it grows past the limit.
const USER_CACHE_LIMIT = 100_000;
const userCache = new WeakMap<Db, Map<string, bigint>>();

async function cachedUserAccount(
  db: Db,
  userId: bigint,
  purpose: 'cash' | 'order_hold' | 'margin',
  currency: CurrencyCode,
  readWith: Db,
): Promise<bigint> {
  let cache = userCache.get(db);
  if (!cache || cache.size > USER_CACHE_LIMIT) {
    cache = new Map();
    userCache.set(db, cache);
  }
  const key = `${userId}:${purpose}:${currency}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const id = await userAccountId(readWith, userId, purpose, currency);
  cache.set(key, id);
  return id;
}

/** Resolves the accounts with the root handle, before the transaction that posts to them. */
export async function tradingAccountsOf(
  db: Db,
  userId: bigint,
  currency: CurrencyCode,
  /**
   * The handle to read with on a cache miss. Inside a transaction pass it: on PGlite (one session)
   * a read through the root handle waits for that transaction and never returns.
   */
  readWith: Db = db,
): Promise<TradingAccounts> {
  const [cash, orderHold, margin, houseFees, houseTaxes, houseCounterparty, houseAbsorbed] =
    await Promise.all([
      cachedUserAccount(db, userId, 'cash', currency, readWith),
      cachedUserAccount(db, userId, 'order_hold', currency, readWith),
      cachedUserAccount(db, userId, 'margin', currency, readWith),
      houseAccountId(db, 'house_fees', currency, readWith),
      houseAccountId(db, 'house_taxes', currency, readWith),
      houseAccountId(db, 'house_counterparty', currency, readWith),
      houseAccountId(db, 'house_stopout_absorbed', currency, readWith),
    ]);
  return { cash, orderHold, margin, houseFees, houseTaxes, houseCounterparty, houseAbsorbed };
}
