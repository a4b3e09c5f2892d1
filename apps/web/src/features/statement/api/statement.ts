import type { BodyOf, statementCsv } from '@nivesh/contract';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { CallBody, CallData } from '../../../api/calls';
import { API_BASE, type ApiError, call } from '../../../api/client';
import { apiQueryKey } from '../../../api/hooks';
import { detectLanguage } from '../../../i18n/language';
import { readAccount, readToken } from '../../../lib/session';

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

/**
 * Downloads the tab's rows as CSV (user/statementCsv answers text/csv, not the envelope): fetched
 * with the session headers, then saved through an object URL.
 */
export async function downloadStatementCsv(tab: FundRecordTab): Promise<boolean> {
  const response = await fetch(`${API_BASE}user/statementCsv`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      token: readToken(),
      account: readAccount(),
      lang: detectLanguage(),
    },
    body: JSON.stringify({ tab } satisfies BodyOf<typeof statementCsv>),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) return false;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `nivesh-${tab}-statement.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
