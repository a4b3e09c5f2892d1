import type { BodyOf, DataOf, depositApprove, depositQueue, depositReject } from '@nivesh/contract';
import { type CurrencyCode, formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { findChannel, toChannelView } from '../../repositories/deposit-channel.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { findDestination, toDestinationView } from '../../repositories/payout-destination.repository.js';

type DepositItem = DataOf<typeof depositApprove>;
const QUEUE_DEFAULT_LIMIT = 50;

function depositItemsQuery(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('staff_users as s', 's.id', 'd.reviewed_by')
    .select([
      'd.id',
      'd.user_id',
      'u.phone',
      'u.real_name',
      'd.channel_id',
      'd.amount_minor',
      'd.currency',
      'd.payer_reference',
      'd.receipt_upload_id',
      'd.source_destination_id',
      'd.status',
      'd.reject_reason',
      'd.entry_id',
      'd.created_at',
      's.username as reviewer',
      'd.reviewed_at',
    ]);
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositItemsQuery>['executeTakeFirstOrThrow']>>;

async function toDepositItem(db: Db, row: DepositRow, nowMs: number): Promise<DepositItem> {
  const channel = (await findChannel(db, row.channel_id))!;
  const source = (await findDestination(db, row.source_destination_id))!;
  return {
    id: String(row.id),
    investor: { userId: String(row.user_id), phone: row.phone, realName: row.real_name },
    channel: await toChannelView(channel),
    amount: formatPaise(row.amount_minor),
    currency: row.currency,
    payerReference: row.payer_reference,
    receiptImage: row.receipt_upload_id,
    source: toDestinationView(source, nowMs),
    sourceAccountNumber: source.account_number ?? source.address,
    status: row.status,
    rejectReason: row.reject_reason,
    entryId: row.entry_id === null ? null : String(row.entry_id),
    createdAt: row.created_at.getTime(),
    reviewedBy: row.reviewer ?? null,
    reviewedAt: row.reviewed_at?.getTime() ?? null,
  };
}

/** The deposit queue: oldest first, pending unless another status is asked for. */
export async function listDeposits(
  db: Db,
  nowMs: number,
  query: BodyOf<typeof depositQueue>,
): Promise<DataOf<typeof depositQueue>> {
  const limit = query.limit ?? QUEUE_DEFAULT_LIMIT;
  const status = query.status === 'verified' ? 'approved' : (query.status ?? 'pending');
  let select = depositItemsQuery(db)
    .where('d.status', '=', status)
    .orderBy('d.id', 'asc')
    .limit(limit + 1);
  if (query.userId) select = select.where('d.user_id', '=', BigInt(query.userId));
  if (query.cursor) select = select.where('d.id', '>', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: await Promise.all(page.map((row) => toDepositItem(db, row, nowMs))),
    nextCursor,
  };
}

/**
 * Approves a pending deposit: one entry, key `deposit:<id>:approve`, credits the investor's cash
 * from the house deposits-clearing account (money the broker's bank received). Or rejects it with a
 * reason, which moves no money. The row is locked and must still be pending: of two reviewers acting
 * at once one decides, the other is told NOT_IN_REVIEW. The investor gets a message either way.
 */
export async function decideDeposit(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof depositApprove> | BodyOf<typeof depositReject>,
  decision: 'approved' | 'rejected',
): Promise<DepositItem> {
  const id = BigInt(input.id);
  const reason = 'reason' in input ? input.reason : undefined;
  const preview = await deps.db
    .selectFrom('deposits')
    .select(['user_id', 'currency'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!preview) refuse('ORDER_NOT_FOUND');
  const currency = preview!.currency as CurrencyCode;
  const cash = await userAccountId(deps.db, preview!.user_id, 'cash', currency);
  const clearing = await houseAccountId(deps.db, 'house_deposits_clearing', currency);
  const message = await inTransaction(deps.db, async (trx) => {
    const deposit =
      (await trx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ??
      refuse('ORDER_NOT_FOUND');
    if (deposit.status !== 'pending') refuse('NOT_IN_REVIEW');
    let entryId: bigint | null = null;
    if (decision === 'approved') {
      const entry = await postEntry(trx, {
        key: `deposit:${id}:approve`,
        kind: 'deposit_approved',
        reference: String(id),
        referenceType: 'deposit',
        postedBy: { type: 'staff', id: context.staff.id },
        atMs: context.nowMs,
        memo: `deposit ${id}, payer reference ${deposit.payer_reference}`,
        postings: [
          { accountId: cash, amountMinor: deposit.amount_minor, currency },
          { accountId: clearing, amountMinor: -deposit.amount_minor, currency },
        ],
      });
      entryId = entry.id;
    }
    await trx
      .updateTable('deposits')
      .set({
        status: decision,
        reject_reason: reason ?? null,
        reviewed_by: context.staff.id,
        reviewed_at: new Date(context.nowMs),
        entry_id: entryId,
      })
      .where('id', '=', id)
      .execute();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: decision === 'approved' ? 'deposit.approve' : 'deposit.reject',
      target: { type: 'deposit', id },
      before: { status: 'pending', amountMinor: deposit.amount_minor, currency },
      after: { status: decision, entryId },
      ...(reason ? { reason } : {}),
      requestId: context.requestId,
      ip: context.ip,
    });
    const amount = formatPaise(deposit.amount_minor);
    return insertUserMessage(trx, {
      userId: deposit.user_id,
      kind: decision === 'approved' ? 'DEPOSIT_APPROVED' : 'DEPOSIT_REJECTED',
      params: decision === 'approved' ? { amount, currency } : { amount, currency, reason: reason ?? '' },
      dedupeKey: `deposit:${id}:${decision}`,
      atMs: context.nowMs,
    });
  });
  publishMessage(deps.userEvents, message);
  return toDepositItem(
    deps.db,
    await depositItemsQuery(deps.db).where('d.id', '=', id).executeTakeFirstOrThrow(),
    context.nowMs,
  );
}
