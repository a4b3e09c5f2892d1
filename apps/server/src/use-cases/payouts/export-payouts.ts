import type { payoutBatchFile, payoutBatchList, payoutExport } from '@nivesh/contract';
import { paymentReferenceOf } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  insertPayoutBatch,
  listPayableWithdrawals,
  listPayoutBatches,
} from '../../repositories/payout-batch.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { STATEMENT_CURRENCY } from '../bank-statements/match-bank-statement.js';
import { bulkPaymentFileOf, toPayoutBatchView } from './payout-batch-views.js';

const BATCHES_LISTED = 20;

/**
 * Exports the withdrawals ready to pay as a bulk payment file (docs/adr/0032-bank-statement-matching.md):
 * pending INR withdrawals to a bank account whose approvals are in but for the paying one, never
 * exported before (a withdrawal is in one batch at most, so two files never pay it twice). The batch
 * is stored and audited with the reason; the file is built from it by core's `buildBulkPaymentCsv`.
 * Paying stays the withdrawal's paying approval, recorded with the UTR from the statement.
 */
export const exportPayouts: StaffUseCase<typeof payoutExport> = async ({ db }, context, input) => {
  const batchId = await inTransaction(db, async (trx) => {
    const payable = await listPayableWithdrawals(trx, STATEMENT_CURRENCY);
    if (payable.length === 0) refuse('PAYOUT_NOTHING_TO_EXPORT');
    const id = await insertPayoutBatch(
      trx,
      { currency: STATEMENT_CURRENCY, staffId: context.staff.id, atMs: context.nowMs },
      payable.map((withdrawal) => ({
        withdrawalId: withdrawal.withdrawalId,
        paymentReference: paymentReferenceOf(withdrawal.withdrawalId),
        amountMinor: withdrawal.netMinor,
        beneficiaryName: withdrawal.beneficiaryName,
        accountNumber: withdrawal.accountNumber,
        ifsc: withdrawal.ifsc,
      })),
    );
    await auditStaffAct(trx, context, {
      action: 'payouts.export',
      target: { type: 'payout_batch', id },
      after: {
        withdrawals: payable.map((withdrawal) => String(withdrawal.withdrawalId)),
        totalMinor: payable.reduce((sum, withdrawal) => sum + withdrawal.netMinor, 0n),
      },
      reason: input.reason,
    });
    return id;
  });
  const [batch] = await listPayoutBatches(db, { limit: 1, batchId });
  return { batch: toPayoutBatchView(batch!), ...bulkPaymentFileOf(batch!) };
};

/** The newest bulk payment files, each with its payouts and whether they are paid. */
export const listPayoutBatchesUseCase: StaffUseCase<typeof payoutBatchList> = async ({ db }) => ({
  items: (await listPayoutBatches(db, { limit: BATCHES_LISTED })).map(toPayoutBatchView),
});

/** An exported batch's file again, the same rows. */
export const readPayoutBatchFile: StaffUseCase<typeof payoutBatchFile> = async ({ db }, _context, input) => {
  const [batch] = await listPayoutBatches(db, { limit: 1, batchId: BigInt(input.batchId) });
  if (!batch) refuse('PAYOUT_BATCH_NOT_FOUND');
  return bulkPaymentFileOf(batch!);
};
