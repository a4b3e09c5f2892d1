import type { BankStatementSummary, StatementLine } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { Static } from 'typebox';
import type {
  BankStatementLineRecord,
  BankStatementRecord,
} from '../../repositories/bank-statement.repository.js';

/** A statement as the console lists it (docs/api.md, "Bank statements"). */
export function toStatementSummary(statement: BankStatementRecord): Static<typeof BankStatementSummary> {
  return {
    id: String(statement.id),
    bankName: statement.bankName,
    fileName: statement.fileName,
    firstDate: statement.firstDate,
    lastDate: statement.lastDate,
    lineCount: statement.lineCount,
    creditCount: statement.creditCount,
    creditTotal: formatPaise(statement.creditTotalMinor),
    debitCount: statement.debitCount,
    debitTotal: formatPaise(statement.debitTotalMinor),
    matchedCount: statement.matchedCount,
    uploadedBy: statement.uploadedByName,
    uploadedAt: statement.uploadedAtMs,
  };
}

/** A statement line as the console shows it beside what it pays. */
export function toStatementLineView(line: BankStatementLineRecord): Static<typeof StatementLine> {
  return {
    id: String(line.id),
    lineNumber: line.lineNumber,
    date: line.valueDate,
    narration: line.narration,
    reference: line.reference,
    debit: formatPaise(line.debitMinor),
    credit: formatPaise(line.creditMinor),
    balance: line.balanceMinor === null ? null : formatPaise(line.balanceMinor),
    depositId: line.depositId === null ? null : String(line.depositId),
    withdrawalId: line.withdrawalId === null ? null : String(line.withdrawalId),
  };
}
