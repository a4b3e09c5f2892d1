import type { ChargeAccounts, CurrencyCode, LedgerBook, TradingAccounts } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';
import { bookOfUser } from '../../repositories/paper-account.repository.js';

/** The ledger accounts a trade touches (core trade-postings names them). */
export type { TradingAccounts } from '@nivesh/core';

// Account ids never change once opened, and neither does the book a user trades in: remembering a
// user's whole set saves five queries on a first order and fourteen lookups on every later one
// (docs/adr/0038). Bounded: the map is dropped whole when it grows past the limit.
const USER_CACHE_LIMIT = 100_000;
const userCache = new WeakMap<Db, Map<string, TradingAccounts>>();

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
  let cache = userCache.get(db);
  if (!cache || cache.size > USER_CACHE_LIMIT) {
    cache = new Map();
    userCache.set(db, cache);
  }
  const key = `${userId}:${currency}`;
  const known = cache.get(key);
  if (known) return known;
  // A paper account trades against the paper book's house accounts (docs/adr/0026-paper-trading.md):
  // the same rules and charges, and the database refuses an entry that mixes the books.
  const book = await bookOfUser(db, userId, readWith);
  const [cash, orderHold, margin, houseCounterparty, houseAbsorbed, charges] = await Promise.all([
    userAccountId(readWith, userId, 'cash', currency),
    userAccountId(readWith, userId, 'order_hold', currency),
    userAccountId(readWith, userId, 'margin', currency),
    houseAccountId(db, 'house_counterparty', currency, readWith, book),
    houseAccountId(db, 'house_stopout_absorbed', currency, readWith, book),
    chargeAccountsOf(db, currency, readWith, book),
  ]);
  const accounts: TradingAccounts = Object.freeze({
    cash,
    orderHold,
    margin,
    charges: Object.freeze(charges),
    houseCounterparty,
    houseAbsorbed,
  });
  cache.set(key, accounts);
  return accounts;
}

/** The house accounts of the charge lines (docs/adr/0020), one per line. */
export async function chargeAccountsOf(
  db: Db,
  currency: CurrencyCode,
  readWith: Db = db,
  book: LedgerBook = 'real',
): Promise<ChargeAccounts> {
  const [brokerage, stt, exchange, sebi, stamp, gst, dp] = await Promise.all([
    houseAccountId(db, 'house_brokerage', currency, readWith, book),
    houseAccountId(db, 'house_stt_payable', currency, readWith, book),
    houseAccountId(db, 'house_exchange_charges_payable', currency, readWith, book),
    houseAccountId(db, 'house_sebi_fees_payable', currency, readWith, book),
    houseAccountId(db, 'house_stamp_duty_payable', currency, readWith, book),
    houseAccountId(db, 'house_gst_payable', currency, readWith, book),
    houseAccountId(db, 'house_dp_charges', currency, readWith, book),
  ]);
  return { brokerage, stt, exchange, sebi, stamp, gst, dp };
}
