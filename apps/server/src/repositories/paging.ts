import { type SelectQueryBuilder, sql } from 'kysely';

/** Console lists page by offset: page 1 first, 20 rows unless asked, at most 100 (the contract's bound). */
export const CONSOLE_PAGE_SIZE_DEFAULT = 20;

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
}

export function pageWindow(request: PageRequest): { page: number; pageSize: number; offset: number } {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? CONSOLE_PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** One page of a console list as the contract answers it. */
export interface ConsolePage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a console list: `readPage` reads the rows of the window `request` asks for
 * (pageWindow) and how many match in all; `toItems` turns the rows into the reply's items.
 * Example: page 3 of 20 reads rows 40 to 59 ({ limit: 20, offset: 40 }).
 */
export async function readConsolePage<Row, Item>(
  request: PageRequest,
  readPage: (window: { limit: number; offset: number }) => Promise<{ rows: Row[]; total: number }>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<ConsolePage<Item>> {
  const { page, pageSize, offset } = pageWindow(request);
  const { rows, total } = await readPage({ limit: pageSize, offset });
  return { items: await toItems(rows), total, page, pageSize };
}

/** A LIKE pattern that matches `text` literally anywhere: %, _ and \ in it match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Keyset paging (the investor app's lists and the review queues): a list reads `limit + 1` rows in
 * id order; the extra row says another page follows, and its cursor is this page's last id.
 */
export function keysetPage<Row extends { id: bigint | number | string }>(
  rows: readonly Row[],
  limit: number,
) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/** What a client sends for a keyset page: the cursor it was given last (an id) and the page size. */
export interface KeysetRequest {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** What a repository reads for one keyset page: rows past the cursor's id, `limit` of them at most. */
export interface KeysetWindow {
  cursorId: bigint | undefined;
  limit: number;
}

/**
 * Reads one keyset page (see keysetPage): `limitDefault` rows unless the request asks for another
 * size, past the request's cursor. `read` names the direction: `beforeId: cursorId` for a list newest
 * first, `afterId: cursorId` for a queue oldest first. Example: a request without a cursor and a
 * default of 20 reads 21 rows and answers the first 20, with the 20th id as the next cursor.
 */
export async function readKeysetPage<Row extends { id: bigint | number | string }>(
  request: KeysetRequest,
  limitDefault: number,
  read: (window: KeysetWindow) => Promise<readonly Row[]>,
) {
  const limit = request.limit ?? limitDefault;
  const rows = await read({
    cursorId: request.cursor ? BigInt(request.cursor) : undefined,
    limit: limit + 1,
  });
  return keysetPage(rows, limit);
}

/** What a repository is given for one keyset page newest first: see readKeysetPage. */
export interface PageBefore {
  beforeId?: bigint | undefined;
  limit: number;
}

/** What a repository is given for one keyset page oldest first (the review queues). */
export interface PageAfter {
  afterId?: bigint | undefined;
  limit: number;
}

function pageById<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  order: 'asc' | 'desc',
  window: { cursorId: bigint | undefined; limit: number },
): SelectQueryBuilder<DB, TB, O> {
  const page = select.orderBy(sql.ref(idColumn), order).limit(window.limit);
  if (window.cursorId === undefined) return page;
  return page.where(sql.ref<bigint>(idColumn), order === 'desc' ? '<' : '>', window.cursorId);
}

/**
 * One keyset page of `select`, newest first: ordered by `idColumn` descending, `limit` rows, only
 * those before `beforeId` when given. Example: `newestFirstPage(select, 'd.id', { limit: 21 })`.
 */
export function newestFirstPage<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  page: PageBefore,
): SelectQueryBuilder<DB, TB, O> {
  return pageById(select, idColumn, 'desc', { cursorId: page.beforeId, limit: page.limit });
}

/** One keyset page of `select`, oldest first: by `idColumn` ascending, after `afterId` when given. */
export function oldestFirstPage<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  page: PageAfter,
): SelectQueryBuilder<DB, TB, O> {
  return pageById(select, idColumn, 'asc', { cursorId: page.afterId, limit: page.limit });
}
