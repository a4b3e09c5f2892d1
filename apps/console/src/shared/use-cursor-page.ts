import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export const CURSOR_PAGE_SIZE = 20;

/** What a list paged by cursor answers (the contract's `{items, nextCursor}` replies fit it). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** What a table and its pager read from a cursor-paged list (useCursorPage, whatever its filter). */
export interface CursorList<T> {
  query: { data?: CursorPage<T> | undefined; isFetching: boolean };
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
}

/**
 * A list the server pages by cursor (`{cursor, limit}` → `{items, nextCursor}`): holds the filter
 * and the cursors of the pages seen, so the table can go forward and back. A new filter starts over.
 */
export function useCursorPage<T, F extends object>(
  name: string,
  fetchPage: (query: F & { cursor?: string; limit?: number }) => Promise<CursorPage<T>>,
  initialFilter: F,
  pageSize: number = CURSOR_PAGE_SIZE,
) {
  const [filter, setFilterState] = useState<F>(initialFilter);
  // cursors[i] is the cursor that reads page i + 1; page 1 has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const query = useQuery({
    queryKey: ['console-list', name, filter, cursor ?? null, pageSize],
    queryFn: () => fetchPage({ ...filter, ...(cursor ? { cursor } : {}), limit: pageSize }),
    placeholderData: keepPreviousData,
  });
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    filter,
    setFilter(next: F) {
      setFilterState(next);
      setCursors([undefined]);
    },
    query,
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    hasNext: nextCursor !== null,
    next() {
      if (nextCursor) setCursors([...cursors, nextCursor]);
    },
    previous() {
      if (cursors.length > 1) setCursors(cursors.slice(0, -1));
    },
  };
}

/** Every row a cursor-paged filter matches, for an export, up to `max` rows. */
export async function collectAllCursorPages<T, F extends object>(
  fetchPage: (query: F & { cursor?: string; limit?: number }) => Promise<CursorPage<T>>,
  filter: F,
  max = 10_000,
): Promise<{ rows: T[]; total: number; truncated: boolean }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  let truncated = false;
  for (;;) {
    const answer = await fetchPage({ ...filter, ...(cursor ? { cursor } : {}), limit: 100 });
    rows.push(...answer.items);
    if (!answer.nextCursor) break;
    if (rows.length >= max) {
      truncated = true;
      break;
    }
    cursor = answer.nextCursor;
  }
  return { rows: rows.slice(0, max), total: rows.length, truncated };
}
