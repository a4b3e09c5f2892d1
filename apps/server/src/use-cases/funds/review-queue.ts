import type { BodyOf, depositQueue } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { publishMessage, type StoredMessage } from '../../repositories/message.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import type { QueueTools } from '../../repositories/queue-tools.js';

/** The console's review queues (deposits, withdrawals) all take this query. */
export type ReviewQueueQuery = BodyOf<typeof depositQueue>;

const QUEUE_DEFAULT_LIMIT = 50;

/** What a queue's repository reads: one status, optionally one investor, after a cursor id. */
export interface ReviewQueueFilter {
  status: 'pending' | 'approved' | 'rejected';
  userId?: bigint | undefined;
  afterId?: bigint | undefined;
  limit: number;
  tools?: QueueTools | undefined;
}

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The start of an IST day (`YYYY-MM-DD`) as an instant, or a VALIDATION_FAILED refusal naming the field. */
function istDayStart(field: string, day: string): Date {
  const atMs = Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
  if (!Number.isFinite(atMs) || new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 10) !== day) {
    refuse('VALIDATION_FAILED', { field, reason: 'not a day of the calendar' });
  }
  return new Date(atMs);
}

/**
 * The queue tools' filters of a query (ADR 0032): the investor as typed (trimmed), the IST days
 * `from` to `to` inclusive as instants, amounts as paise (a minimum above the maximum is refused),
 * the reference as typed. Undefined when the query has none, so the plain queue reads as before.
 */
export function queueToolsOf(query: ReviewQueueQuery): QueueTools | undefined {
  const tools: QueueTools = {};
  if (query.investor?.trim()) tools.investor = query.investor.trim();
  if (query.from) tools.createdFrom = istDayStart('from', query.from);
  if (query.to) tools.createdBefore = new Date(istDayStart('to', query.to).getTime() + DAY_MS);
  if (query.amountMin !== undefined) tools.amountMinMinor = paiseFromInput('amountMin', query.amountMin);
  if (query.amountMax !== undefined) tools.amountMaxMinor = paiseFromInput('amountMax', query.amountMax);
  if (
    tools.amountMinMinor !== undefined &&
    tools.amountMaxMinor !== undefined &&
    tools.amountMinMinor > tools.amountMaxMinor
  ) {
    refuse('VALIDATION_FAILED', { field: 'amountMax', reason: 'below amountMin' });
  }
  if (query.reference?.trim()) tools.reference = query.reference.trim();
  return Object.keys(tools).length > 0 ? tools : undefined;
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
  const tools = queueToolsOf(query);
  const { page, nextCursor } = await readKeysetPage(query, QUEUE_DEFAULT_LIMIT, ({ cursorId, limit }) =>
    list({
      status: query.status === 'verified' ? 'approved' : (query.status ?? 'pending'),
      userId: query.userId ? BigInt(query.userId) : undefined,
      afterId: cursorId,
      limit,
      tools,
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
