import type { Migration } from 'kysely/migration';
import { foundation } from './0001-foundation.js';
import { market } from './0002-market.js';
import { ledger } from './0003-ledger.js';
import { watchlists } from './0004-watchlists.js';
import { ledgerCheckOnce } from './0005-ledger-check-once.js';
import { messages } from './0006-messages.js';
import { postEntryFunction } from './0010-post-entry-function.js';
import { consoleOperations } from './0011-console.js';

/** Ordered migrations. Never edit one that has landed; add the next number instead. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-market': market,
  '0003-ledger': ledger,
  '0004-watchlists': watchlists,
  '0005-ledger-check-once': ledgerCheckOnce,
  '0006-messages': messages,
  '0010-post-entry-function': postEntryFunction,
  '0011-console': consoleOperations,
};
