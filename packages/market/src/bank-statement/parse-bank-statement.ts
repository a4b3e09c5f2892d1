import { CsvError, parse } from 'csv-parse/sync';
import { readIndianAmount } from './indian-amount.js';
import { readStatementDate } from './statement-date.js';

/**
 * Which header names a bank gives its statement columns (saved per bank). Names are compared
 * trimmed and without regard to case. The balance column is optional.
 *
 * Example (HDFC): `{ date: 'Date', narration: 'Narration', reference: 'Chq./Ref.No.',
 * debit: 'Withdrawal Amt.', credit: 'Deposit Amt.', balance: 'Closing Balance' }`.
 */
export interface BankStatementColumns {
  date: string;
  narration: string;
  reference: string;
  debit: string;
  credit: string;
  balance: string | null;
}

/** One transaction of a statement: a debit or a credit, never both, in paise. */
export interface BankStatementLine {
  /** The file's line number where the row ends (1-based), for refusals and for staff to look up. */
  lineNumber: number;
  /** `YYYY-MM-DD`. */
  date: string;
  narration: string;
  reference: string;
  debitMinor: bigint;
  creditMinor: bigint;
  balanceMinor: bigint | null;
}

export type BankStatementParse =
  | { ok: true; headerLineNumber: number; lines: BankStatementLine[] }
  | { ok: false; lineNumber: number; reason: string };

/** The longest statement read at once: a month of a busy collection account. */
export const STATEMENT_LINES_MAX = 20_000;

/** The header is looked for in the first rows only: banks put an address block above it, not pages. */
const HEADER_SEARCH_ROWS = 60;

const SEPARATOR = /^[*\-=_\s]+$/;

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');
const isSeparator = (cells: string[]) =>
  !isBlank(cells) && cells.every((cell) => cell.trim() === '' || SEPARATOR.test(cell));
const normalise = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Reads a bank statement CSV as Indian banks export it (docs/adr/0032-bank-statement-matching.md):
 * rows above the header (the bank's address block, the account number, the period) are skipped;
 * the header row is the first one naming every mapped column; after it come the transactions, and
 * the table ends at the first blank or separator row (`*****`, `-----`) after a transaction: what
 * follows is the bank's footer (summary, legends) and is skipped. A separator right under the header
 * (HDFC) is skipped too.
 *
 * Every transaction row must be well formed or the whole file is refused with its line number:
 * a real date (day first), exactly one of debit and credit above zero, amounts with Indian or
 * international grouping and at most two decimals, a balance that reads when the column is mapped.
 * Nothing is guessed and nothing is rewritten but the cells' surrounding spaces.
 *
 * Example: with the HDFC columns, the row `05/04/26,UPI-ASHA VERMA,0000412345678901,05/04/26,,
 * "1,25,000.00","3,40,000.00"` is `{ date: '2026-04-05', reference: '0000412345678901',
 * creditMinor: 12500000n, debitMinor: 0n, balanceMinor: 34000000n, ... }`.
 */
export function parseBankStatement(text: string, columns: BankStatementColumns): BankStatementParse {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted narration (ABC"S TRADERS) is kept as written, not refused.
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof CsvError) {
      const lineNumber = Number((error as unknown as { lines?: number }).lines ?? 0);
      return { ok: false, lineNumber, reason: `not a well-formed CSV row (${error.code})` };
    }
    throw error;
  }

  const wanted = {
    date: normalise(columns.date),
    narration: normalise(columns.narration),
    reference: normalise(columns.reference),
    debit: normalise(columns.debit),
    credit: normalise(columns.credit),
    balance: columns.balance === null ? null : normalise(columns.balance),
  };
  let headerIndex = -1;
  let at: Record<keyof typeof wanted, number> | null = null;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    const names = rows[index]!.record.map(normalise);
    const positions = {
      date: names.indexOf(wanted.date),
      narration: names.indexOf(wanted.narration),
      reference: names.indexOf(wanted.reference),
      debit: names.indexOf(wanted.debit),
      credit: names.indexOf(wanted.credit),
      balance: wanted.balance === null ? -1 : names.indexOf(wanted.balance),
    };
    const required = [
      positions.date,
      positions.narration,
      positions.reference,
      positions.debit,
      positions.credit,
    ];
    if (required.every((position) => position >= 0) && (wanted.balance === null || positions.balance >= 0)) {
      headerIndex = index;
      at = positions;
      break;
    }
  }
  if (at === null) {
    const names = [columns.date, columns.narration, columns.reference, columns.debit, columns.credit];
    if (columns.balance !== null) names.push(columns.balance);
    return {
      ok: false,
      lineNumber: 1,
      reason: `no header row naming the columns ${names.join(', ')} in the first ${HEADER_SEARCH_ROWS} rows`,
    };
  }
  const positions = at;
  const widthNeeded = Math.max(...Object.values(positions)) + 1;
  const lines: BankStatementLine[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const { record, info } = rows[index]!;
    const lineNumber = info.lines;
    if (isBlank(record) || isSeparator(record)) {
      if (lines.length > 0) break;
      continue;
    }
    if (record.length < widthNeeded) {
      return {
        ok: false,
        lineNumber,
        reason: `${record.length} columns where the header has ${widthNeeded}`,
      };
    }
    const cell = (position: number) => record[position]!.trim();
    const date = readStatementDate(cell(positions.date));
    if (date === null) {
      return { ok: false, lineNumber, reason: `"${cell(positions.date)}" is not a date (day first)` };
    }
    const debit = readIndianAmount(cell(positions.debit));
    if (!debit.ok)
      return { ok: false, lineNumber, reason: `debit "${cell(positions.debit)}": ${debit.reason}` };
    const credit = readIndianAmount(cell(positions.credit));
    if (!credit.ok) {
      return { ok: false, lineNumber, reason: `credit "${cell(positions.credit)}": ${credit.reason}` };
    }
    if (debit.paise > 0n && credit.paise > 0n) {
      return { ok: false, lineNumber, reason: 'both a debit and a credit on one row' };
    }
    if (debit.paise === 0n && credit.paise === 0n) {
      return { ok: false, lineNumber, reason: 'neither a debit nor a credit' };
    }
    let balanceMinor: bigint | null = null;
    if (positions.balance >= 0) {
      const balance = readIndianAmount(cell(positions.balance), { allowNegative: true });
      if (!balance.ok || cell(positions.balance) === '') {
        return { ok: false, lineNumber, reason: `balance "${cell(positions.balance)}" is not an amount` };
      }
      balanceMinor = balance.paise;
    }
    lines.push({
      lineNumber,
      date,
      narration: cell(positions.narration),
      reference: cell(positions.reference),
      debitMinor: debit.paise,
      creditMinor: credit.paise,
      balanceMinor,
    });
    if (lines.length > STATEMENT_LINES_MAX) {
      return {
        ok: false,
        lineNumber,
        reason: `more than ${STATEMENT_LINES_MAX} transactions: split the statement`,
      };
    }
  }
  if (lines.length === 0) {
    return {
      ok: false,
      lineNumber: rows[headerIndex]!.info.lines,
      reason: 'no transactions under the header',
    };
  }
  return { ok: true, headerLineNumber: rows[headerIndex]!.info.lines, lines };
}
