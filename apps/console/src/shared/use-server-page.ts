import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export const TABLE_PAGE_SIZE = 20;

/**
 * A page of a server-paged list: what every console table asks for and what it gets (the contract's
 * paged replies fit it).
 */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A list paged on the server: holds the filter and the page, refetches when either changes, and
 * keeps the previous page on screen while the next loads. A new filter starts at page 1.
 */
export function useServerPage<T, F extends PageQuery>(
  name: string,
  fetchPage: (query: F) => Promise<Page<T>>,
  initialFilter: F,
  initialPageSize: number = TABLE_PAGE_SIZE,
) {
  const [filter, setFilterState] = useState<F>(initialFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const query = useQuery({
    queryKey: ['console-list', name, filter, page, pageSize],
    queryFn: () => fetchPage({ ...filter, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  return {
    filter,
    setFilter(next: F) {
      setFilterState(next);
      setPage(1);
    },
    query,
    /** antd Table pagination, controlled by the server's total. */
    pagination: {
      current: page,
      pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (total: number) => `${total} in all`,
      onChange(nextPage: number, nextSize: number) {
        setPage(nextSize === pageSize ? nextPage : 1);
        setPageSize(nextSize);
      },
    },
  };
}
