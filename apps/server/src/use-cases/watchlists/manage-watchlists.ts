import type * as calls from '@nivesh/contract';
import { type BodyOf, WATCHLIST_SYMBOLS_MAX, WATCHLISTS_MAX } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import {
  deleteOwnWatchlist,
  deleteWatchlistItems,
  findWatchlistSymbols,
  findWatchlists,
  insertWatchlist,
  insertWatchlistItem,
  lockOwnWatchlist,
  setWatchlistOrder,
  type WatchlistRecord,
} from '../../repositories/watchlist.repository.js';

const DEFAULT_LIST_NAME = 'Watchlist';

export interface WatchlistView {
  id: string;
  name: string;
  symbols: string[];
}

const toWatchlistView = (list: WatchlistRecord): WatchlistView => ({
  id: String(list.id),
  name: list.name,
  symbols: list.symbols,
});

/** The investor's watchlists, creating the first one on first use so there is always one to add to. */
export async function listWatchlists(db: Db, context: UserContext): Promise<WatchlistView[]> {
  const lists = await findWatchlists(db, context.user.id);
  if (lists.length > 0) return lists.map(toWatchlistView);
  await insertWatchlist(db, {
    userId: context.user.id,
    name: DEFAULT_LIST_NAME,
    position: 0,
    ifAbsent: true,
  });
  return (await findWatchlists(db, context.user.id)).map(toWatchlistView);
}

export async function createWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.createWatchlist>,
) {
  const name = input.name.trim();
  if (name === '') refuse('FORM_INCOMPLETE');
  try {
    return await inTransaction(db, async (trx) => {
      // Serialise a user's list changes so the count check holds under concurrent requests.
      await lockUserById(trx, context.user.id);
      const lists = await findWatchlists(trx, context.user.id);
      if (lists.length >= WATCHLISTS_MAX) refuse('WATCHLIST_LIMIT', { limit: WATCHLISTS_MAX });
      const id = await insertWatchlist(trx, { userId: context.user.id, name, position: lists.length });
      invariant(id !== undefined, 'a new watchlist has an id');
      return { id: String(id), name, symbols: [] };
    });
  } catch (error) {
    if (isUniqueViolation(error)) refuse('REPEATED_OPERATION', { state: 'new' });
    throw error;
  }
}

export async function deleteWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.deleteWatchlist>,
) {
  const deleted = await deleteOwnWatchlist(db, context.user.id, BigInt(input.listId));
  if (!deleted) refuse('ORDER_NOT_FOUND');
  return null;
}

export async function addToWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.addToWatchlist>,
) {
  const symbol = input.symbol.toUpperCase();
  if ((await findInstrumentName(db, symbol)) === undefined) refuse('INSTRUMENT_NOT_FOUND', { symbol });
  const listId = input.listId ? BigInt(input.listId) : BigInt((await listWatchlists(db, context))[0]!.id);
  return changeOwnWatchlist(db, context, listId, async (trx) => {
    const symbols = await findWatchlistSymbols(trx, listId);
    if (symbols.includes(symbol)) return;
    if (symbols.length >= WATCHLIST_SYMBOLS_MAX) refuse('WATCHLIST_LIMIT', { limit: WATCHLIST_SYMBOLS_MAX });
    await insertWatchlistItem(trx, { listId, symbol, position: symbols.length });
  });
}

export async function removeFromWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.removeFromWatchlist>,
) {
  const listId = BigInt(input.listId);
  return changeOwnWatchlist(db, context, listId, (trx) =>
    deleteWatchlistItems(
      trx,
      listId,
      input.symbols.map((symbol) => symbol.toUpperCase()),
    ),
  );
}

export async function reorderWatchlist(
  db: Db,
  context: UserContext,
  input: BodyOf<typeof calls.reorderWatchlist>,
) {
  const listId = BigInt(input.listId);
  const wanted = input.symbols.map((symbol) => symbol.toUpperCase());
  return changeOwnWatchlist(db, context, listId, async (trx) => {
    const current = await findWatchlistSymbols(trx, listId);
    const sameSet =
      wanted.length === current.length &&
      new Set(wanted).size === wanted.length &&
      wanted.every((symbol) => current.includes(symbol));
    if (!sameSet)
      refuse('VALIDATION_FAILED', {
        field: 'symbols',
        reason: 'must list the watchlist’s symbols, each once',
      });
    await setWatchlistOrder(trx, listId, wanted);
  });
}

/**
 * Changes one of the investor's lists under its row lock (a list that is not theirs is not found)
 * and answers the list as it is after the change.
 */
async function changeOwnWatchlist(
  db: Db,
  context: UserContext,
  listId: bigint,
  change: (trx: Db) => Promise<void>,
): Promise<WatchlistView> {
  await inTransaction(db, async (trx) => {
    (await lockOwnWatchlist(trx, context.user.id, listId)) ?? refuse('ORDER_NOT_FOUND');
    await change(trx);
  });
  return watchlistById(db, context, listId);
}

async function watchlistById(db: Db, context: UserContext, listId: bigint): Promise<WatchlistView> {
  const lists = await findWatchlists(db, context.user.id);
  const list = lists.find((candidate) => candidate.id === listId) ?? refuse('ORDER_NOT_FOUND');
  return toWatchlistView(list);
}
