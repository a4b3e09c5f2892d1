import { paperCapitalEntry } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../../repositories/ledger.repository.js';
import { countPaperUsers, insertPaperUser } from '../../repositories/paper-account.repository.js';

/**
 * Opens a fresh paper account for an investor inside the caller's transaction: a users row of kind
 * 'paper', its ledger accounts (in the paper book: the database sets it), and ₹1,00,00,000 of
 * virtual cash from the paper book's capital account (docs/adr/0026-paper-trading.md). Returns the
 * new paper user's id. The caller holds the investor's row lock, so two openings never race.
 */
export async function openPaperAccountInTransaction(
  trx: Db,
  input: { realUserId: bigint; atMs: number },
): Promise<bigint> {
  const serial = (await countPaperUsers(trx, input.realUserId)) + 1;
  const paperUserId = await insertPaperUser(trx, { realUserId: input.realUserId, serial });
  await openUserAccounts(trx, paperUserId, 'INR');
  const cashAccountId = await userAccountId(trx, paperUserId, 'cash', 'INR');
  const capitalAccountId = await houseAccountId(trx, 'house_paper_capital', 'INR', trx, 'paper');
  await postEntry(trx, {
    ...paperCapitalEntry({ paperUserId, cashAccountId, capitalAccountId }),
    referenceType: 'paper_account',
    postedBy: { type: 'system' },
    atMs: input.atMs,
    memo: 'paper trading: virtual cash',
  });
  return paperUserId;
}
