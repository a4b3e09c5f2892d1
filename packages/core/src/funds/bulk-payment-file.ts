import { formatPaise } from '../money/format-paise.js';

/** One payout in a bank's bulk payment upload. */
export interface BulkPaymentRow {
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
  /** What the investor receives (the withdrawal's amount less its fee), in paise. */
  amountMinor: bigint;
  /** Ours, unique per withdrawal: the bank echoes it in its statement narration (`NVW<id>`). */
  paymentReference: string;
  narration: string;
}

/** RTGS takes transfers of ₹2,00,000.00 and more; below, NEFT (RBI's RTGS minimum). */
export const RTGS_MINIMUM_MINOR = 20_000_000n;

/**
 * The bulk payment file's columns, in the order most Indian banks' corporate upload templates
 * (NEFT/RTGS bulk upload) take them; docs/adr/0032-bank-statement-matching.md describes the layout.
 */
export const BULK_PAYMENT_HEADER = [
  'Payment Mode',
  'Beneficiary Name',
  'Beneficiary Account Number',
  'IFSC',
  'Amount',
  'Payment Reference',
  'Narration',
] as const;

/** The payment reference of a withdrawal in a bulk payment file. Example: withdrawal 42 is `NVW42`. */
export const paymentReferenceOf = (withdrawalId: string | bigint) => `NVW${withdrawalId}`;

/** NEFT below ₹2,00,000.00, RTGS from it. Example: `paymentModeFor(20_000_000n)` is `'RTGS'`. */
export const paymentModeFor = (amountMinor: bigint): 'NEFT' | 'RTGS' =>
  amountMinor >= RTGS_MINIMUM_MINOR ? 'RTGS' : 'NEFT';

const quoteCsv = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * The bulk payment CSV: the header, then one row per payout, amounts as plain rupees with two
 * decimals and no grouping (upload templates refuse commas in amounts), CRLF line ends.
 *
 * Example: `{ beneficiaryName: 'Asha Verma', accountNumber: '123456789012', ifsc: 'HDFC0001234',
 * amountMinor: 1249000n, paymentReference: 'NVW7', narration: 'Nivesh withdrawal 7' }` is the row
 * `NEFT,Asha Verma,123456789012,HDFC0001234,12490.00,NVW7,Nivesh withdrawal 7`.
 */
export function buildBulkPaymentCsv(rows: readonly BulkPaymentRow[]): string {
  const lines = [BULK_PAYMENT_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        paymentModeFor(row.amountMinor),
        row.beneficiaryName,
        row.accountNumber,
        row.ifsc,
        formatPaise(row.amountMinor),
        row.paymentReference,
        row.narration,
      ]
        .map(quoteCsv)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
