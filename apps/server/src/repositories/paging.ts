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
