import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj } from '../schema.js';

/**
 * Bank statements and payouts in bulk (docs/adr/0032-bank-statement-matching.md): finance saves each
 * bank's statement columns, uploads the statement CSV as the bank exports it, approves the deposits
 * its credits match (each through the deposit approval, so the second-approver threshold holds),
 * exports withdrawals ready to pay as a bulk payment file, and records their UTRs from the
 * statement's debits. Finance and admin only.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Nullable = <T extends import('typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why; audited' });
const ColumnName = Type.String({ minLength: 1, maxLength: 80 });
const ROLES = ['admin', 'finance'] as const;

export const BankStatementMapping = Obj({
  id: Type.String(),
  bankName: Type.String(),
  date: Type.String(),
  narration: Type.String(),
  reference: Type.String(),
  debit: Type.String(),
  credit: Type.String(),
  balance: Nullable(Type.String()),
  updatedBy: Type.String(),
  updatedAt: EpochMs,
});

export const bankMappingList = defineCall({
  path: 'bankStatements/mappings',
  summary:
    "Each bank's statement column mapping (the header names of date, narration, reference, debit, credit, balance).",
  body: Empty,
  data: Obj({ items: Type.Array(BankStatementMapping) }),
  auth: true,
  mutates: false,
  roles: ROLES,
});

export const bankMappingSave = defineCall({
  path: 'bankStatements/saveMapping',
  summary:
    "Save a bank's statement column mapping (new, or a change with its id), with a reason; audited with before and after. Header names are compared without regard to case.",
  body: Obj({
    id: Type.Optional(Id),
    bankName: Type.String({ minLength: 1, maxLength: 60 }),
    date: ColumnName,
    narration: ColumnName,
    reference: ColumnName,
    debit: ColumnName,
    credit: ColumnName,
    balance: Nullable(ColumnName),
    reason: Reason,
  }),
  data: BankStatementMapping,
  auth: true,
  mutates: true,
  roles: ROLES,
});

export const BankStatementSummary = Obj({
  id: Type.String(),
  bankName: Type.String(),
  fileName: Type.String(),
  firstDate: Type.String({ description: 'YYYY-MM-DD' }),
  lastDate: Type.String({ description: 'YYYY-MM-DD' }),
  lineCount: Type.Integer(),
  creditCount: Type.Integer(),
  creditTotal: MoneyString,
  debitCount: Type.Integer(),
  debitTotal: MoneyString,
  matchedCount: Type.Integer({ description: 'lines matched to a deposit or a payout' }),
  uploadedBy: Type.String(),
  uploadedAt: EpochMs,
});

/** The largest statement text accepted at once (the JSON body limit is 1 MiB). */
export const STATEMENT_TEXT_MAX_CHARS = 900_000;

export const bankStatementUpload = defineCall({
  path: 'bankStatements/upload',
  summary:
    "Upload a bank statement CSV (the text of the file) read with the bank's saved mapping. A malformed file is refused with its line number (STATEMENT_INVALID) and nothing is stored; a statement whose transactions were already uploaded is refused (STATEMENT_ALREADY_UPLOADED).",
  body: Obj({
    mappingId: Id,
    fileName: Type.String({ minLength: 1, maxLength: 200 }),
    text: Type.String({ minLength: 1, maxLength: STATEMENT_TEXT_MAX_CHARS }),
  }),
  data: BankStatementSummary,
  auth: true,
  mutates: true,
  roles: ROLES,
});

export const bankStatementList = defineCall({
  path: 'bankStatements/list',
  summary: 'The statements uploaded, newest first (the last 50).',
  body: Empty,
  data: Obj({ items: Type.Array(BankStatementSummary) }),
  auth: true,
  mutates: false,
  roles: ROLES,
});

export const StatementLine = Obj({
  id: Type.String(),
  lineNumber: Type.Integer({ description: 'the line of the uploaded file' }),
  date: Type.String(),
  narration: Type.String(),
  reference: Type.String(),
  debit: MoneyString,
  credit: MoneyString,
  balance: Nullable(MoneyString),
  depositId: Nullable(Type.String()),
  withdrawalId: Nullable(Type.String()),
});

export const DepositForMatch = Obj({
  id: Type.String(),
  investor: Type.String({ description: 'real name, else phone' }),
  payerReference: Type.String({ description: 'the UTR the investor reported' }),
  amount: MoneyString,
  createdAt: EpochMs,
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  secondApprovalBy: Nullable(
    Type.String({ description: 'approved once, above the threshold: waits for another member' }),
  ),
});

export const bankStatementMatches = defineCall({
  path: 'bankStatements/matches',
  summary:
    "A statement's credits against pending deposits, side by side: matched by UTR and exact amount (approvable in bulk), matched earlier and waiting for a second approval, UTR found with another amount, UTR on several lines, amount-only candidates (never matched), and the credits and pending deposits left unmatched.",
  body: Obj({ statementId: Id }),
  data: Obj({
    statement: BankStatementSummary,
    matched: Type.Array(Obj({ line: StatementLine, deposit: DepositForMatch })),
    awaitingSecondApproval: Type.Array(Obj({ line: StatementLine, deposit: DepositForMatch })),
    settled: Type.Array(Obj({ line: StatementLine, deposit: DepositForMatch })),
    amountMismatches: Type.Array(Obj({ line: StatementLine, deposit: DepositForMatch })),
    ambiguous: Type.Array(Obj({ lines: Type.Array(StatementLine), deposits: Type.Array(DepositForMatch) })),
    amountCandidates: Type.Array(Obj({ line: StatementLine, deposits: Type.Array(DepositForMatch) })),
    unmatchedLines: Type.Array(StatementLine),
    unmatchedDeposits: Type.Array(DepositForMatch),
  }),
  auth: true,
  mutates: false,
  roles: ROLES,
});

export const bankStatementApproveDeposits = defineCall({
  path: 'bankStatements/approveDeposits',
  summary:
    'Approve in bulk the deposits a statement matched: every pair must still match (same UTR, exact amount, line not used for another deposit, deposit pending) or the whole act is refused and nothing moves. Each deposit is then approved through the deposit approval: above deposit_second_approver_above it files an approval request instead (outcome awaiting_second_approval), which another member completes here or in the queue.',
  body: Obj({
    statementId: Id,
    pairs: Type.Array(Obj({ lineId: Id, depositId: Id }), { minItems: 1, maxItems: 200 }),
    reason: Reason,
  }),
  data: Obj({
    results: Type.Array(
      Obj({
        lineId: Type.String(),
        depositId: Type.String(),
        outcome: Type.Union([Type.Literal('approved'), Type.Literal('awaiting_second_approval')]),
      }),
    ),
  }),
  auth: true,
  mutates: true,
  roles: ROLES,
});

export const PayoutBatchItem = Obj({
  withdrawalId: Type.String(),
  paymentReference: Type.String({
    description: 'NVW<withdrawal id>, echoed in the bank statement narration',
  }),
  beneficiaryName: Type.String(),
  accountNumber: Type.String(),
  ifsc: Type.String(),
  amount: MoneyString,
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  payoutReference: Nullable(Type.String({ description: 'the UTR once paid' })),
});

export const PayoutBatch = Obj({
  id: Type.String(),
  itemCount: Type.Integer(),
  total: MoneyString,
  currency: Type.String(),
  exportedBy: Type.String(),
  exportedAt: EpochMs,
  items: Type.Array(PayoutBatchItem),
});

export const payoutExport = defineCall({
  path: 'payouts/export',
  summary:
    'Export the withdrawals ready to pay (pending INR withdrawals to a bank account whose approvals are in but for the paying one, not exported before) as a bulk payment file: the batch and its CSV (Payment Mode, Beneficiary Name, Beneficiary Account Number, IFSC, Amount, Payment Reference, Narration). Nothing ready is refused (PAYOUT_NOTHING_TO_EXPORT).',
  body: Obj({ reason: Reason }),
  data: Obj({ batch: PayoutBatch, fileName: Type.String(), csv: Type.String() }),
  auth: true,
  mutates: true,
  roles: ROLES,
});

export const payoutBatchList = defineCall({
  path: 'payouts/batches',
  summary:
    'The bulk payment files exported, newest first (the last 20), each with its payouts and whether paid.',
  body: Empty,
  data: Obj({ items: Type.Array(PayoutBatch) }),
  auth: true,
  mutates: false,
  roles: ROLES,
});

export const payoutBatchFile = defineCall({
  path: 'payouts/batchFile',
  summary:
    'The bulk payment CSV of an exported batch again (the same rows; the bank refuses a repeated payment reference).',
  body: Obj({ batchId: Id }),
  data: Obj({ fileName: Type.String(), csv: Type.String() }),
  auth: true,
  mutates: false,
  roles: ROLES,
});

export const payoutRecordFromStatement = defineCall({
  path: 'payouts/recordFromStatement',
  summary:
    "Record the UTRs of exported payouts from an uploaded statement's debits (the narration names NVW<id>, the amount equals the net sent, the reference cell is the UTR): each completes the withdrawal's paying approval. All or nothing: an amount mismatch, a missing or repeated UTR, a UTR already used (PAYOUT_REFERENCE_USED) or a payout debited twice refuses the whole import.",
  body: Obj({ statementId: Id, reason: Reason }),
  data: Obj({
    paid: Type.Array(
      Obj({
        withdrawalId: Type.String(),
        lineNumber: Type.Integer(),
        utr: Type.String(),
        amount: MoneyString,
      }),
    ),
    unmatchedLines: Type.Array(StatementLine),
    unpaidPayouts: Type.Array(PayoutBatchItem),
  }),
  auth: true,
  mutates: true,
  roles: ROLES,
});
