import { createHash } from 'node:crypto';
import type { bankStatementList, bankStatementUpload } from '@nivesh/contract';
import { parseBankStatement } from '@nivesh/market';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findBankMapping,
  findBankStatement,
  findBankStatementByContent,
  insertBankStatement,
  listBankStatements as readBankStatements,
} from '../../repositories/bank-statement.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { statementColumnsOf } from './statement-lines.js';
import { toStatementSummary } from './statement-views.js';

const STATEMENTS_LISTED = 50;

/**
 * Stores a bank statement finance uploaded (docs/adr/0032-bank-statement-matching.md), read with the
 * bank's saved columns by the pure parser in packages/market. A malformed file is refused with its
 * line number (STATEMENT_INVALID) and nothing is stored. A statement is known by a fingerprint of
 * its transactions (not of the file's bytes, so the same export saved again or with another footer
 * is still the same statement): uploaded again, it is refused naming the first upload.
 */
export const uploadBankStatement: StaffUseCase<typeof bankStatementUpload> = async (
  { db },
  context,
  input,
) => {
  const mapping = (await findBankMapping(db, BigInt(input.mappingId))) ?? refuse('BANK_MAPPING_NOT_FOUND');
  const parsed = parseBankStatement(input.text, statementColumnsOf(mapping));
  if (!parsed.ok) refuse('STATEMENT_INVALID', { line: String(parsed.lineNumber), reason: parsed.reason });
  const { lines } = parsed as Extract<typeof parsed, { ok: true }>;
  const fingerprint = createHash('sha256');
  for (const line of lines) {
    fingerprint.update(
      [
        line.date,
        line.narration,
        line.reference,
        line.debitMinor,
        line.creditMinor,
        line.balanceMinor ?? '',
      ].join('\u001f'),
    );
    fingerprint.update('\u001e');
  }
  const contentSha256 = fingerprint.digest('hex');
  const dates = lines.map((line) => line.date).sort();
  const id = await inTransaction(db, async (trx) => {
    const earlier = await findBankStatementByContent(trx, contentSha256);
    if (earlier)
      refuse('STATEMENT_ALREADY_UPLOADED', { statement: String(earlier.id), fileName: earlier.fileName });
    const statementId = await insertBankStatement(
      trx,
      {
        mappingId: mapping.id,
        fileName: input.fileName,
        contentSha256,
        firstDate: dates[0]!,
        lastDate: dates[dates.length - 1]!,
        staffId: context.staff.id,
        atMs: context.nowMs,
      },
      lines,
    );
    await auditStaffAct(trx, context, {
      action: 'bank_statement.upload',
      target: { type: 'bank_statement', id: statementId },
      after: { bank: mapping.bankName, fileName: input.fileName, lines: lines.length, contentSha256 },
    });
    return statementId;
  });
  return toStatementSummary((await findBankStatement(db, id))!);
};

/** The newest statements first. */
export const listBankStatements: StaffUseCase<typeof bankStatementList> = async ({ db }) => ({
  items: (await readBankStatements(db, STATEMENTS_LISTED)).map(toStatementSummary),
});
