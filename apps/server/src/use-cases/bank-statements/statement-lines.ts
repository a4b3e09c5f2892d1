import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import {
  type BankStatementLineRecord,
  type BankStatementMappingRecord,
  type BankStatementRecord,
  findBankStatement,
  listStatementLines,
} from '../../repositories/bank-statement.repository.js';

/** A stored statement and its lines in file order; STATEMENT_NOT_FOUND when there is none. */
export async function readStatementWithLines(
  db: Db,
  statementId: string,
): Promise<{ statement: BankStatementRecord; lines: BankStatementLineRecord[] }> {
  const statement = (await findBankStatement(db, BigInt(statementId))) ?? refuse('STATEMENT_NOT_FOUND');
  return { statement, lines: await listStatementLines(db, statement.id) };
}

/** A line as core's statement matching reads it: the credit or the debit side's amount. */
export function lineToMatch(line: BankStatementLineRecord, side: 'credit' | 'debit') {
  return {
    lineId: String(line.id),
    narration: line.narration,
    reference: line.reference,
    amountMinor: side === 'credit' ? line.creditMinor : line.debitMinor,
  };
}

/** Which of a bank's statement columns holds each field (its mapping, migration 0055). */
export function statementColumnsOf(mapping: BankStatementMappingRecord) {
  return {
    date: mapping.dateColumn,
    narration: mapping.narrationColumn,
    reference: mapping.referenceColumn,
    debit: mapping.debitColumn,
    credit: mapping.creditColumn,
    balance: mapping.balanceColumn,
  };
}
