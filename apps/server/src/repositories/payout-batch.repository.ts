import type { Db } from '../db/database.js';

/** A withdrawal ready to be paid by bank transfer, as the bulk payment file needs it (ADR 0032). */
export interface PayableWithdrawal {
  withdrawalId: bigint;
  netMinor: bigint;
  currency: string;
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

/** The bound on one bulk payment file: bank upload portals take a few hundred rows at a time. */
export const PAYOUT_BATCH_ROWS_MAX = 500;

/**
 * Pending withdrawals in one currency to a bank account, whose approvals are in but for the paying
 * one (one approval required, or the first of two recorded), never exported before; oldest first.
 */
export async function listPayableWithdrawals(db: Db, currency: string): Promise<PayableWithdrawal[]> {
  const rows = await db
    .selectFrom('withdrawals as w')
    .innerJoin('payout_destinations as d', 'd.id', 'w.destination_id')
    .leftJoin('payout_batch_items as i', 'i.withdrawal_id', 'w.id')
    .select([
      'w.id',
      'w.amount_minor',
      'w.fee_minor',
      'w.currency',
      'd.holder_name',
      'd.account_number',
      'd.ifsc',
    ])
    .where('w.status', '=', 'pending')
    .where('w.currency', '=', currency)
    .where('d.kind', '=', 'bank')
    .where('i.withdrawal_id', 'is', null)
    .where((eb) => eb.or([eb('w.approvals_required', '=', 1), eb('w.first_approved_by', 'is not', null)]))
    .orderBy('w.id')
    .limit(PAYOUT_BATCH_ROWS_MAX)
    .execute();
  return rows.map((row) => ({
    withdrawalId: row.id,
    netMinor: row.amount_minor - row.fee_minor,
    currency: row.currency,
    beneficiaryName: row.holder_name ?? '',
    accountNumber: row.account_number ?? '',
    ifsc: row.ifsc ?? '',
  }));
}

export interface PayoutBatchItemRecord {
  batchId: bigint;
  withdrawalId: bigint;
  paymentReference: string;
  amountMinor: bigint;
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
  /** The withdrawal's state now, and its UTR once paid. */
  status: 'pending' | 'approved' | 'rejected';
  payoutReference: string | null;
}

export interface PayoutBatchRecord {
  id: bigint;
  itemCount: number;
  totalMinor: bigint;
  currency: string;
  exportedByName: string;
  exportedAtMs: number;
  items: PayoutBatchItemRecord[];
}

export async function insertPayoutBatch(
  trx: Db,
  batch: { currency: string; staffId: bigint; atMs: number },
  items: readonly Omit<PayoutBatchItemRecord, 'batchId' | 'status' | 'payoutReference'>[],
): Promise<bigint> {
  const { id } = await trx
    .insertInto('payout_batches')
    .values({
      item_count: items.length,
      total_minor: items.reduce((sum, item) => sum + item.amountMinor, 0n),
      currency: batch.currency,
      exported_by: batch.staffId,
      exported_at: new Date(batch.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payout_batch_items')
    .values(
      items.map((item) => ({
        batch_id: id,
        withdrawal_id: item.withdrawalId,
        payment_reference: item.paymentReference,
        amount_minor: item.amountMinor,
        beneficiary_name: item.beneficiaryName,
        account_number: item.accountNumber,
        ifsc: item.ifsc,
      })),
    )
    .execute();
  return id;
}

function batchItems(db: Db) {
  return db
    .selectFrom('payout_batch_items as i')
    .innerJoin('withdrawals as w', 'w.id', 'i.withdrawal_id')
    .selectAll('i')
    .select(['w.status', 'w.payout_reference']);
}

type BatchItemRow = Awaited<ReturnType<ReturnType<typeof batchItems>['executeTakeFirstOrThrow']>>;

const toItem = (row: BatchItemRow): PayoutBatchItemRecord => ({
  batchId: row.batch_id,
  withdrawalId: row.withdrawal_id,
  paymentReference: row.payment_reference,
  amountMinor: row.amount_minor,
  beneficiaryName: row.beneficiary_name,
  accountNumber: row.account_number,
  ifsc: row.ifsc,
  status: row.status,
  payoutReference: row.payout_reference,
});

/** Exported payouts whose withdrawal is still pending: what a statement's debits may pay. */
export async function listExportedUnpaidPayouts(db: Db, currency: string): Promise<PayoutBatchItemRecord[]> {
  const rows = await batchItems(db)
    .innerJoin('payout_batches as b', 'b.id', 'i.batch_id')
    .where('w.status', '=', 'pending')
    .where('b.currency', '=', currency)
    .orderBy('i.withdrawal_id')
    .execute();
  return rows.map(toItem);
}

/** The newest batches (or one), each with its items in withdrawal order. */
export async function listPayoutBatches(
  db: Db,
  options: { limit: number; batchId?: bigint },
): Promise<PayoutBatchRecord[]> {
  let select = db
    .selectFrom('payout_batches as b')
    .innerJoin('staff_users as s', 's.id', 'b.exported_by')
    .selectAll('b')
    .select('s.username')
    .orderBy('b.id', 'desc')
    .limit(options.limit);
  if (options.batchId !== undefined) select = select.where('b.id', '=', options.batchId);
  const batches = await select.execute();
  if (batches.length === 0) return [];
  const items = (
    await batchItems(db)
      .where(
        'i.batch_id',
        'in',
        batches.map((batch) => batch.id),
      )
      .orderBy('i.withdrawal_id')
      .execute()
  ).map(toItem);
  return batches.map((batch) => ({
    id: batch.id,
    itemCount: batch.item_count,
    totalMinor: batch.total_minor,
    currency: batch.currency,
    exportedByName: batch.username,
    exportedAtMs: new Date(batch.exported_at).getTime(),
    items: items.filter((item) => item.batchId === batch.id),
  }));
}
