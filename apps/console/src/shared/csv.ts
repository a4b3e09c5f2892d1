import { CONSOLE_EXPORT_ROWS_MAX, CONSOLE_PAGE_SIZE_MAX } from '@nivesh/contract';
import type { Page, PageQuery } from './use-server-page';

/** The contract's bounds: the largest page a console list answers and the most rows an export reads. */
export const PAGE_SIZE_MAX = CONSOLE_PAGE_SIZE_MAX;
export const EXPORT_ROWS_MAX = CONSOLE_EXPORT_ROWS_MAX;

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

// A cell that starts with = + - @ could run as a formula in a spreadsheet: prefix it with a quote.
function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) && !/^-?[0-9]+(\.[0-9]+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** Rows as CSV text, header first, lines ending in CRLF as spreadsheets expect. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Every row that matches a filter, read page by page from the server (the lists are paged there),
 * up to EXPORT_ROWS_MAX rows. `truncated` says when more matched than were read.
 */
export async function collectAllPages<T, F extends PageQuery>(
  fetchPage: (query: F) => Promise<Page<T>>,
  filter: F,
): Promise<{ rows: T[]; total: number; truncated: boolean }> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < EXPORT_ROWS_MAX; page += 1) {
    const answer = await fetchPage({ ...filter, page, pageSize: PAGE_SIZE_MAX });
    total = answer.total;
    rows.push(...answer.items);
    if (answer.items.length < PAGE_SIZE_MAX || rows.length >= total) break;
  }
  return { rows: rows.slice(0, EXPORT_ROWS_MAX), total, truncated: total > EXPORT_ROWS_MAX };
}

/** Hands CSV text to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** `nivesh-audit-2026-11-23.csv`, with the IST date of the export. */
export function exportFileName(what: string, atMs: number = Date.now()): string {
  const date = new Date(atMs + 330 * 60_000).toISOString().slice(0, 10);
  return `nivesh-${what}-${date}.csv`;
}

/** Like collectAllPages, for lists paged by an id cursor (`nextCursor`) rather than page numbers. */
export async function collectAllCursorPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<{ rows: T[]; total: number; truncated: boolean }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  let more = true;
  while (more && rows.length < EXPORT_ROWS_MAX) {
    const answer = await fetchPage(cursor);
    rows.push(...answer.items);
    cursor = answer.nextCursor ?? undefined;
    more = cursor !== undefined;
  }
  // Without a total from the server, "truncated" means that more rows were still there.
  return { rows: rows.slice(0, EXPORT_ROWS_MAX), total: rows.length, truncated: more };
}
