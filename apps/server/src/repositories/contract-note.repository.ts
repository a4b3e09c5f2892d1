import type { IstDate } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ContractNoteParties } from '../db/schema.js';
import { hasRow, type RowOf } from './row-lookups.js';
import { type RecordOfRow, recordFromRow } from './row-records.js';

/** An issued contract note without its PDF (lists). */
export type ContractNoteRecord = Omit<RecordOfRow<RowOf<'contract_notes'>>, 'parties' | 'pdf'>;

export interface ContractNoteWithPdf extends ContractNoteRecord {
  parties: ContractNoteParties;
  pdf: Buffer;
}

export type NewContractNote = Omit<ContractNoteWithPdf, 'id' | 'createdAtMs'> & { atMs: number };

const LIST_COLUMNS = [
  'contract_notes.id',
  'contract_notes.user_id',
  sql<string>`contract_notes.trade_date::text`.as('trade_date'),
  'contract_notes.number',
  'contract_notes.financial_year',
  'contract_notes.sequence',
  'contract_notes.trade_count',
  'contract_notes.net_obligation_paise',
  'contract_notes.sha256',
  'contract_notes.created_at',
] as const;

/**
 * Serialises numbering until the transaction ends: sequences are handed out in order without gaps,
 * and a (user, date) pair is checked and written under the same lock. Readers are not blocked.
 */
export async function lockContractNoteNumbering(trx: Db): Promise<void> {
  await sql`LOCK TABLE contract_notes IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** The next sequence of a financial year (1 for its first note). Call under the numbering lock. */
export async function nextContractNoteSequence(trx: Db, financialYear: string): Promise<number> {
  const row = await trx
    .selectFrom('contract_notes')
    .select(sql<number>`coalesce(max(sequence), 0) + 1`.as('next'))
    .where('financial_year', '=', financialYear)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export function hasContractNote(db: Db, userId: bigint, tradeDate: IstDate): Promise<boolean> {
  return hasRow(db, 'contract_notes', { user_id: userId, trade_date: tradeDate });
}

export async function insertContractNote(trx: Db, note: NewContractNote): Promise<ContractNoteRecord> {
  const row = await trx
    .insertInto('contract_notes')
    .values({
      user_id: note.userId,
      trade_date: note.tradeDate,
      number: note.number,
      financial_year: note.financialYear,
      sequence: note.sequence,
      trade_count: note.tradeCount,
      net_obligation_paise: note.netObligationPaise,
      parties: JSON.stringify(note.parties),
      pdf: note.pdf,
      sha256: note.sha256,
      created_at: new Date(note.atMs),
    })
    .returning(LIST_COLUMNS)
    .executeTakeFirstOrThrow();
  return recordFromRow(row);
}

/** A user's notes, newest trade date first, before a trade date when given. */
export async function listContractNotesOfUser(
  db: Db,
  userId: bigint,
  page: { before?: IstDate | undefined; limit: number },
): Promise<ContractNoteRecord[]> {
  let query = db
    .selectFrom('contract_notes')
    .select(LIST_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('trade_date', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('trade_date', '<', page.before);
  return (await query.execute()).map((row) => recordFromRow(row));
}

/** One note with its PDF and printed parties. */
export async function findContractNote(db: Db, id: bigint): Promise<ContractNoteWithPdf | undefined> {
  const row = await db
    .selectFrom('contract_notes')
    .select([...LIST_COLUMNS, 'contract_notes.parties', 'contract_notes.pdf'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...recordFromRow(row), parties: row.parties, pdf: Buffer.from(row.pdf) };
}

export interface ContractNoteSearch {
  userId?: bigint | undefined;
  phone?: string | undefined;
  from?: IstDate | undefined;
  to?: IstDate | undefined;
  limit: number;
}

/** Notes for staff, with the investor's phone and name, newest trade date first. */
export async function searchContractNotes(
  db: Db,
  search: ContractNoteSearch,
): Promise<(ContractNoteRecord & { phone: string; realName: string | null })[]> {
  let query = db
    .selectFrom('contract_notes')
    .innerJoin('users', 'users.id', 'contract_notes.user_id')
    .select([...LIST_COLUMNS, 'users.phone', 'users.real_name'])
    .orderBy('contract_notes.trade_date', 'desc')
    .orderBy('contract_notes.id', 'desc')
    .limit(search.limit);
  if (search.userId !== undefined) query = query.where('contract_notes.user_id', '=', search.userId);
  if (search.phone !== undefined) query = query.where('users.phone', '=', search.phone);
  if (search.from !== undefined) query = query.where('contract_notes.trade_date', '>=', search.from);
  if (search.to !== undefined) query = query.where('contract_notes.trade_date', '<=', search.to);
  const rows = await query.execute();
  return rows.map((row) => recordFromRow(row));
}
