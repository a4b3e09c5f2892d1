import type { BodyOf, DataOf, fundRecords } from '@nivesh/contract';
import { formatPaise, parsePaise } from '@nivesh/core';
import type { UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { listOwnDeposits } from '../../repositories/deposit.repository.js';
import { listUserEntries } from '../../repositories/journal.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { describeDestination, findDestination } from '../../repositories/payout-destination.repository.js';
import { listOwnWithdrawals } from '../../repositories/withdrawal.repository.js';
import { DEPOSIT_KINDS, readPostingsOfEntries, WITHDRAWAL_KINDS } from '../ledger/read-statement.js';

type FundRecordsPage = DataOf<typeof fundRecords>;
type FundRecord = FundRecordsPage['items'][number];
type Postings = FundRecord['postings'];
const DEFAULT_LIMIT = 20;

/** The postings of the given entries among the ones read for a page. */
const postingsOf = (postings: Postings, entryIds: readonly (bigint | null)[]): Postings => {
  const own = new Set(entryIds.filter((id) => id !== null).map(String));
  return postings.filter((posting) => own.has(posting.entryId));
};

const entryIdsOf = (entryIds: readonly (bigint | null)[]) =>
  entryIds.filter((id): id is bigint => id !== null);

/**
 * The spec's fund-record tabs, built on the statement: each record carries the ledger postings
 * behind it (the investor's own accounts only). Recharge lists deposits and withdrawal lists
 * withdrawals with their review state; trade lists every other entry on the investor's accounts
 * (orders, positions and the products: see read-statement's tab patterns), each already posted. Paged newest first by id.
 */
export async function readFundRecords(
  db: Db,
  context: UserContext,
  query: BodyOf<typeof fundRecords>,
): Promise<FundRecordsPage> {
  return readFundRecordsOf(db, context.user.id, query);
}

/** The fund records of one investor, for the investor or for staff (the console's customer view). */
export async function readFundRecordsOf(
  db: Db,
  userId: bigint,
  query: BodyOf<typeof fundRecords>,
): Promise<FundRecordsPage> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const page = { beforeId: query.cursor ? BigInt(query.cursor) : undefined, limit: limit + 1 };
  if (query.tab === 'recharge') {
    const rows = keysetPage(await listOwnDeposits(db, userId, page), limit);
    const postings = await readPostingsOfEntries(db, userId, entryIdsOf(rows.page.map((row) => row.entryId)));
    const items = rows.page.map(
      (row): FundRecord => ({
        id: String(row.id),
        tab: 'recharge',
        kind: 'deposit',
        status: row.status,
        amount: formatPaise(row.amountMinor),
        fee: '0.00',
        currency: row.currency,
        reference: row.payerReference,
        detail: row.channelName,
        rejectReason: row.rejectReason,
        createdAt: row.createdAtMs,
        decidedAt: row.reviewedAtMs,
        postings: postingsOf(postings, [row.entryId]),
      }),
    );
    return { items, nextCursor: rows.nextCursor };
  }
  if (query.tab === 'withdrawal') {
    const rows = keysetPage(await listOwnWithdrawals(db, userId, page), limit);
    const postings = await readPostingsOfEntries(
      db,
      userId,
      entryIdsOf(rows.page.flatMap((row) => [row.holdEntryId, row.settleEntryId])),
    );
    const items = await Promise.all(
      rows.page.map(async (row): Promise<FundRecord> => {
        const destination = await findDestination(db, row.destinationId);
        return {
          id: String(row.id),
          tab: 'withdrawal',
          kind: 'withdrawal',
          status: row.status,
          amount: formatPaise(row.amountMinor),
          fee: formatPaise(row.feeMinor),
          currency: row.currency,
          reference: row.payoutReference,
          detail: destination ? describeDestination(destination) : null,
          rejectReason: row.rejectReason,
          createdAt: row.createdAtMs,
          decidedAt: row.reviewedAtMs,
          postings: postingsOf(postings, [row.holdEntryId, row.settleEntryId]),
        };
      }),
    );
    return { items, nextCursor: rows.nextCursor };
  }
  const rows = keysetPage(
    await listUserEntries(db, userId, { kindNotLike: [DEPOSIT_KINDS, WITHDRAWAL_KINDS], ...page }),
    limit,
  );
  const postings = await readPostingsOfEntries(
    db,
    userId,
    rows.page.map((row) => row.id),
  );
  const items = rows.page.map((row): FundRecord => {
    const own = postingsOf(postings, [row.id]);
    const net = own
      .filter((posting) => posting.account === 'cash')
      .reduce((sum, posting) => {
        const parsed = parsePaise(posting.amount, { allowNegative: true });
        return parsed.ok ? sum + parsed.paise : sum;
      }, 0n);
    return {
      id: String(row.id),
      tab: 'trade',
      kind: row.kind,
      status: 'posted',
      amount: formatPaise(net),
      fee: '0.00',
      currency: own[0]?.currency ?? 'INR',
      reference: row.referenceId,
      detail: null,
      rejectReason: null,
      createdAt: row.createdAtMs,
      decidedAt: row.createdAtMs,
      postings: own,
    };
  });
  return { items, nextCursor: rows.nextCursor };
}
