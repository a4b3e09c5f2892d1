import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { BankStatementLinesTable, BankStatementMappingsTable } from '../db/schema.js';
import { findRecord, findRowsInOrder, lockRecord } from './row-lookups.js';
import { recordFromRow } from './row-records.js';

/** A bank's statement columns (migration 0055, ADR 0032). */
export interface BankStatementMappingRecord {
  id: bigint;
  bankName: string;
  dateColumn: string;
  narrationColumn: string;
  referenceColumn: string;
  debitColumn: string;
  creditColumn: string;
  balanceColumn: string | null;
  updatedBy: bigint;
  updatedAtMs: number;
}

export type BankStatementMappingWithEditor = BankStatementMappingRecord & { updatedByName: string };

const toMapping = (row: Selectable<BankStatementMappingsTable>): BankStatementMappingRecord =>
  recordFromRow(row);

export async function listBankMappings(db: Db): Promise<BankStatementMappingWithEditor[]> {
  const rows = await db
    .selectFrom('bank_statement_mappings as m')
    .innerJoin('staff_users as s', 's.id', 'm.updated_by')
    .selectAll('m')
    .select('s.username')
    .orderBy('m.bank_name')
    .execute();
  return rows.map(({ username, ...row }) => ({ ...toMapping(row), updatedByName: username }));
}

export async function findBankMapping(db: Db, id: bigint): Promise<BankStatementMappingRecord | undefined> {
  return findRecord(db, 'bank_statement_mappings', { id }, toMapping);
}

export async function lockBankMapping(trx: Db, id: bigint): Promise<BankStatementMappingRecord | undefined> {
  return lockRecord(trx, 'bank_statement_mappings', { id }, toMapping);
}

/** The mapping of a bank by name, case aside (one per bank). */
export async function findBankMappingByName(
  db: Db,
  bankName: string,
): Promise<BankStatementMappingRecord | undefined> {
  const row = await db
    .selectFrom('bank_statement_mappings')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['bank_name']), '=', bankName.toLowerCase()))
    .executeTakeFirst();
  return row && toMapping(row);
}

export type BankMappingDraft = Omit<BankStatementMappingRecord, 'id' | 'updatedAtMs'> & { atMs: number };

export async function insertBankMapping(trx: Db, draft: BankMappingDraft): Promise<bigint> {
  const row = await trx
    .insertInto('bank_statement_mappings')
    .values(mappingColumns(draft))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBankMapping(trx: Db, id: bigint, draft: BankMappingDraft): Promise<void> {
  await trx.updateTable('bank_statement_mappings').set(mappingColumns(draft)).where('id', '=', id).execute();
}

function mappingColumns(draft: BankMappingDraft) {
  return {
    bank_name: draft.bankName,
    date_column: draft.dateColumn,
    narration_column: draft.narrationColumn,
    reference_column: draft.referenceColumn,
    debit_column: draft.debitColumn,
    credit_column: draft.creditColumn,
    balance_column: draft.balanceColumn,
    updated_by: draft.updatedBy,
    updated_at: new Date(draft.atMs),
  };
}

/** An uploaded statement with its bank and uploader's names and its lines counted. */
export interface BankStatementRecord {
  id: bigint;
  mappingId: bigint;
  bankName: string;
  fileName: string;
  contentSha256: string;
  firstDate: string;
  lastDate: string;
  lineCount: number;
  creditCount: number;
  creditTotalMinor: bigint;
  debitCount: number;
  debitTotalMinor: bigint;
  matchedCount: number;
  uploadedByName: string;
  uploadedAtMs: number;
}

function statementsWithTotals(db: Db) {
  return db
    .selectFrom('bank_statements as b')
    .innerJoin('bank_statement_mappings as m', 'm.id', 'b.mapping_id')
    .innerJoin('staff_users as s', 's.id', 'b.uploaded_by')
    .innerJoin('bank_statement_lines as l', 'l.statement_id', 'b.id')
    .select((eb) => [
      'b.id',
      'b.mapping_id',
      'm.bank_name',
      'b.file_name',
      'b.content_sha256',
      'b.first_date',
      'b.last_date',
      'b.line_count',
      's.username',
      'b.uploaded_at',
      eb.fn.count<string>('l.id').filterWhere('l.credit_minor', '>', 0n).as('credit_count'),
      eb.fn.coalesce(eb.fn.sum<string>('l.credit_minor'), eb.val('0')).as('credit_total'),
      eb.fn.count<string>('l.id').filterWhere('l.debit_minor', '>', 0n).as('debit_count'),
      eb.fn.coalesce(eb.fn.sum<string>('l.debit_minor'), eb.val('0')).as('debit_total'),
      eb.fn
        .count<string>('l.id')
        .filterWhere((inner) =>
          inner.or([inner('l.deposit_id', 'is not', null), inner('l.withdrawal_id', 'is not', null)]),
        )
        .as('matched_count'),
    ])
    .groupBy(['b.id', 'm.bank_name', 's.username']);
}

type StatementRow = Awaited<ReturnType<ReturnType<typeof statementsWithTotals>['executeTakeFirstOrThrow']>>;

function toStatement(row: StatementRow): BankStatementRecord {
  return {
    id: row.id,
    mappingId: row.mapping_id,
    bankName: row.bank_name,
    fileName: row.file_name,
    contentSha256: row.content_sha256,
    firstDate: row.first_date,
    lastDate: row.last_date,
    lineCount: row.line_count,
    creditCount: Number(row.credit_count),
    creditTotalMinor: BigInt(row.credit_total),
    debitCount: Number(row.debit_count),
    debitTotalMinor: BigInt(row.debit_total),
    matchedCount: Number(row.matched_count),
    uploadedByName: row.username,
    uploadedAtMs: new Date(row.uploaded_at).getTime(),
  };
}

export async function findBankStatement(db: Db, id: bigint): Promise<BankStatementRecord | undefined> {
  const row = await statementsWithTotals(db).where('b.id', '=', id).executeTakeFirst();
  return row && toStatement(row);
}

export async function listBankStatements(db: Db, limit: number): Promise<BankStatementRecord[]> {
  const rows = await statementsWithTotals(db).orderBy('b.id', 'desc').limit(limit).execute();
  return rows.map(toStatement);
}

/** The statement already stored with these transactions (same fingerprint), if any. */
export async function findBankStatementByContent(
  db: Db,
  contentSha256: string,
): Promise<{ id: bigint; fileName: string } | undefined> {
  const row = await db
    .selectFrom('bank_statements')
    .select(['id', 'file_name'])
    .where('content_sha256', '=', contentSha256)
    .executeTakeFirst();
  return row && { id: row.id, fileName: row.file_name };
}

export interface StatementLineDraft {
  lineNumber: number;
  date: string;
  narration: string;
  reference: string;
  debitMinor: bigint;
  creditMinor: bigint;
  balanceMinor: bigint | null;
}

/** Stores a statement and its lines, in the caller's transaction. */
export async function insertBankStatement(
  trx: Db,
  statement: {
    mappingId: bigint;
    fileName: string;
    contentSha256: string;
    firstDate: string;
    lastDate: string;
    staffId: bigint;
    atMs: number;
  },
  lines: readonly StatementLineDraft[],
): Promise<bigint> {
  const { id } = await trx
    .insertInto('bank_statements')
    .values({
      mapping_id: statement.mappingId,
      file_name: statement.fileName,
      content_sha256: statement.contentSha256,
      first_date: statement.firstDate,
      last_date: statement.lastDate,
      line_count: lines.length,
      uploaded_by: statement.staffId,
      uploaded_at: new Date(statement.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Inserted in chunks: one statement is bounded (STATEMENT_LINES_MAX), a single INSERT of 20,000
  // rows is not.
  for (let start = 0; start < lines.length; start += 500) {
    await trx
      .insertInto('bank_statement_lines')
      .values(
        lines.slice(start, start + 500).map((line) => ({
          statement_id: id,
          line_number: line.lineNumber,
          value_date: line.date,
          narration: line.narration,
          reference: line.reference,
          debit_minor: line.debitMinor,
          credit_minor: line.creditMinor,
          balance_minor: line.balanceMinor,
        })),
      )
      .execute();
  }
  return id;
}

/** A stored statement line (snake_case mapped once). */
export interface BankStatementLineRecord {
  id: bigint;
  statementId: bigint;
  lineNumber: number;
  valueDate: string;
  narration: string;
  reference: string;
  debitMinor: bigint;
  creditMinor: bigint;
  balanceMinor: bigint | null;
  depositId: bigint | null;
  withdrawalId: bigint | null;
  matchedBy: bigint | null;
  matchedAtMs: number | null;
}

const toLine = (row: Selectable<BankStatementLinesTable>): BankStatementLineRecord => recordFromRow(row);

/** A statement's lines in file order. */
export async function listStatementLines(db: Db, statementId: bigint): Promise<BankStatementLineRecord[]> {
  const rows = await findRowsInOrder(
    db,
    'bank_statement_lines',
    { statement_id: statementId },
    'line_number',
  );
  return rows.map(toLine);
}

/** A line locked until the transaction ends: matching claims it once. */
export async function lockStatementLine(trx: Db, id: bigint): Promise<BankStatementLineRecord | undefined> {
  return lockRecord(trx, 'bank_statement_lines', { id }, toLine);
}

/** The line (of any statement) a deposit was matched to, if any. */
export async function findLineOfDeposit(
  db: Db,
  depositId: bigint,
): Promise<BankStatementLineRecord | undefined> {
  return findRecord(db, 'bank_statement_lines', { deposit_id: depositId }, toLine);
}

/** Records which deposit or payout a line pays; the unique indexes keep it one to one. */
export async function matchStatementLine(
  trx: Db,
  id: bigint,
  match: { depositId?: bigint; withdrawalId?: bigint; staffId: bigint; atMs: number },
): Promise<void> {
  await trx
    .updateTable('bank_statement_lines')
    .set({
      ...(match.depositId !== undefined ? { deposit_id: match.depositId } : {}),
      ...(match.withdrawalId !== undefined ? { withdrawal_id: match.withdrawalId } : {}),
      matched_by: match.staffId,
      matched_at: new Date(match.atMs),
    })
    .where('id', '=', id)
    .execute();
}

/** The lines (of any statement) that claimed one of these deposits. */
export async function listLinesClaimingDeposits(
  db: Db,
  depositIds: readonly bigint[],
): Promise<BankStatementLineRecord[]> {
  if (depositIds.length === 0) return [];
  const rows = await db
    .selectFrom('bank_statement_lines')
    .selectAll()
    .where('deposit_id', 'in', depositIds)
    .execute();
  return rows.map(toLine);
}
