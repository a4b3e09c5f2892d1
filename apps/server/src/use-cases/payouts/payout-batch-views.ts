import type { PayoutBatch, PayoutBatchItem } from '@nivesh/contract';
import { buildBulkPaymentCsv, formatPaise } from '@nivesh/core';
import type { Static } from 'typebox';
import type { PayoutBatchItemRecord, PayoutBatchRecord } from '../../repositories/payout-batch.repository.js';

export function toPayoutBatchItemView(item: PayoutBatchItemRecord): Static<typeof PayoutBatchItem> {
  return {
    withdrawalId: String(item.withdrawalId),
    paymentReference: item.paymentReference,
    beneficiaryName: item.beneficiaryName,
    accountNumber: item.accountNumber,
    ifsc: item.ifsc,
    amount: formatPaise(item.amountMinor),
    status: item.status,
    payoutReference: item.payoutReference,
  };
}

export function toPayoutBatchView(batch: PayoutBatchRecord): Static<typeof PayoutBatch> {
  return {
    id: String(batch.id),
    itemCount: batch.itemCount,
    total: formatPaise(batch.totalMinor),
    currency: batch.currency,
    exportedBy: batch.exportedByName,
    exportedAt: batch.exportedAtMs,
    items: batch.items.map(toPayoutBatchItemView),
  };
}

/** The bulk payment file of a batch (layout: core's BULK_PAYMENT_HEADER, ADR 0032) and its name. */
export function bulkPaymentFileOf(batch: PayoutBatchRecord): { fileName: string; csv: string } {
  const day = new Date(batch.exportedAtMs + 330 * 60_000).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    fileName: `nivesh-payouts-${batch.id}-${day}.csv`,
    csv: buildBulkPaymentCsv(
      batch.items.map((item) => ({
        beneficiaryName: item.beneficiaryName,
        accountNumber: item.accountNumber,
        ifsc: item.ifsc,
        amountMinor: item.amountMinor,
        paymentReference: item.paymentReference,
        narration: `Nivesh withdrawal ${item.withdrawalId}`,
      })),
    ),
  };
}
