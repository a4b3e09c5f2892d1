import type { BodyOf, depositQueue } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { publishMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';

/** The console's review queues (deposits, withdrawals) all take this query. */
export type ReviewQueueQuery = BodyOf<typeof depositQueue>;

const QUEUE_DEFAULT_LIMIT = 50;

/** What a queue's repository reads: one status, optionally one investor, after a cursor id. */
export interface ReviewQueueFilter {
  status: 'pending' | 'approved' | 'rejected';
  userId?: bigint | undefined;
  afterId?: bigint | undefined;
  limit: number;
}

/**
 * A review queue's page: oldest first, pending unless another status is asked for ('verified' is the
 * console's word for approved), keyset-paged by id.
 */
export async function readReviewQueue<Row extends { id: bigint }, Item>(
  query: ReviewQueueQuery,
  list: (filter: ReviewQueueFilter) => Promise<Row[]>,
  toItem: (row: Row) => Promise<Item>,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const { page, nextCursor } = await readKeysetPage(query, QUEUE_DEFAULT_LIMIT, ({ cursorId, limit }) =>
    list({
      status: query.status === 'verified' ? 'approved' : (query.status ?? 'pending'),
      userId: query.userId ? BigInt(query.userId) : undefined,
      afterId: cursorId,
      limit,
    }),
  );
  return { items: await Promise.all(page.map(toItem)), nextCursor };
}

/**
 * Decides a fund operation waiting for review in one transaction: its row is locked and must still be
 * pending, so of two reviewers acting at once one decides and the other is told NOT_IN_REVIEW. The
 * message the decision leaves for the investor is published once the transaction has committed.
 */
export async function decidePendingReview<Row extends { status: string }>(
  deps: AppDeps,
  lock: (trx: Db) => Promise<Row | undefined>,
  decide: (trx: Db, row: Row) => Promise<StoredMessage | null>,
): Promise<void> {
  const message = await inTransaction(deps.db, async (trx) => {
    const row = (await lock(trx)) ?? refuse('ORDER_NOT_FOUND');
    if (row.status !== 'pending') refuse('NOT_IN_REVIEW');
    return decide(trx, row);
  });
  publishMessage(deps.userEvents, message);
}

/** The investor a review item names. */
export function investorOf(row: { userId: bigint; phone: string; realName: string | null }) {
  return { userId: String(row.userId), phone: row.phone, realName: row.realName };
}
