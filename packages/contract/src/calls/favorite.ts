import { Type } from 'typebox';
import { defineCall, Empty, Obj } from '../schema.js';

export const WATCHLISTS_MAX = 10;
export const WATCHLIST_SYMBOLS_MAX = 100;

const SymbolCode = Type.String({ pattern: '^[A-Za-z0-9&_-]{1,32}$' });
const ListId = Type.String({ pattern: '^[0-9]{1,19}$' });

export const Watchlist = Obj({
  id: Type.String(),
  name: Type.String(),
  symbols: Type.Array(Type.String(), { description: 'in the investor’s order' }),
});

export const listWatchlists = defineCall({
  path: 'favorite/lists',
  summary: 'The investor’s watchlists in order; the first is created ("Watchlist") when none exists.',
  body: Empty,
  data: Type.Array(Watchlist),
  auth: true,
  mutates: false,
});

export const createWatchlist = defineCall({
  path: 'favorite/createList',
  operation: 'add',
  summary: `Create a named watchlist (at most ${WATCHLISTS_MAX}).`,
  body: Obj({ name: Type.String({ minLength: 1, maxLength: 40 }) }),
  data: Watchlist,
  auth: true,
  mutates: true,
});

export const deleteWatchlist = defineCall({
  path: 'favorite/deleteList',
  operation: 'delete',
  summary: 'Delete a watchlist and its symbols.',
  body: Obj({ listId: ListId }),
  data: Type.Null(),
  auth: true,
  mutates: true,
});

export const addToWatchlist = defineCall({
  path: 'favorite/add',
  operation: 'add',
  summary: `Add a symbol to a watchlist (the first when none is named; at most ${WATCHLIST_SYMBOLS_MAX} a list).`,
  body: Obj({ symbol: SymbolCode, listId: Type.Optional(ListId) }),
  data: Watchlist,
  auth: true,
  mutates: true,
});

export const removeFromWatchlist = defineCall({
  path: 'favorite/remove',
  operation: 'delete',
  summary: 'Remove symbols from a watchlist (the spec’s select all and delete).',
  body: Obj({
    listId: ListId,
    symbols: Type.Array(SymbolCode, { minItems: 1, maxItems: WATCHLIST_SYMBOLS_MAX }),
  }),
  data: Watchlist,
  auth: true,
  mutates: true,
});

export const reorderWatchlist = defineCall({
  path: 'favorite/reorder',
  operation: 'edit',
  summary: 'Put a watchlist’s symbols in a new order (the same symbols, each once).',
  body: Obj({ listId: ListId, symbols: Type.Array(SymbolCode, { maxItems: WATCHLIST_SYMBOLS_MAX }) }),
  data: Watchlist,
  auth: true,
  mutates: true,
});

export const favoriteCalls = [
  listWatchlists,
  createWatchlist,
  deleteWatchlist,
  addToWatchlist,
  removeFromWatchlist,
  reorderWatchlist,
];
