import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '../../../api/calls';
import { type ApiError, call } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { apiQueryKey } from '../../../api/hooks';

export const FUND_RECORD_TABS = ['trade', 'recharge', 'withdrawal'] as const satisfies readonly NonNullable<
  CallBody<'user/statement'>['tab']
>[];
export type FundRecordTab = (typeof FUND_RECORD_TABS)[number];

type StatementPage = CallData<'user/statement'>;
/** One posting on one of the investor's accounts; money as decimal strings. */
export type StatementRow = StatementPage['items'][number];

export const STATEMENT_PAGE_SIZE = 30;

/** The statement filtered to one fund-record tab, newest first, paged by cursor. */
export function useStatement(tab: FundRecordTab) {
  const body: CallBody<'user/statement'> = { tab, limit: STATEMENT_PAGE_SIZE };
  return useInfiniteQuery<
    StatementPage,
    ApiError,
    InfiniteData<StatementPage>,
    readonly unknown[],
    string | null
  >({
    queryKey: apiQueryKey('user/statement', body),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('user/statement', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Downloads the tab's rows as CSV (user/statementCsv answers text/csv, not the envelope). */
export function downloadStatementCsv(tab: FundRecordTab): Promise<boolean> {
  return downloadFile(
    { path: 'user/statementCsv', body: { tab } },
    `nivesh-${tab}-statement.csv`,
    'text/csv',
  );
}
