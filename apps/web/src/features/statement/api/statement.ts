import { useInfiniteQuery } from '@tanstack/react-query';
import { API_BASE, type ApiError, apiPost } from '../../../api/client';
import { apiQueryKey } from '../../../api/hooks';
import { detectLanguage } from '../../../i18n/language';
import { readAccount, readToken } from '../../../lib/session';

export const FUND_RECORD_TABS = ['trade', 'recharge', 'withdrawal'] as const;
export type FundRecordTab = (typeof FUND_RECORD_TABS)[number];

/** One posting on one of the investor's accounts; money as decimal strings. */
export interface StatementRow {
  postingId: string;
  entryId: string;
  time: number;
  kind: string;
  referenceType: string | null;
  reference: string | null;
  account: string;
  currency: string;
  amount: string;
  balanceAfter: string;
}

interface StatementPage {
  items: StatementRow[];
  nextCursor: string | null;
}

export const STATEMENT_PAGE_SIZE = 30;

/** The statement filtered to one fund-record tab, newest first, paged by cursor. */
export function useStatement(tab: FundRecordTab) {
  const body = { tab, limit: STATEMENT_PAGE_SIZE };
  return useInfiniteQuery<StatementPage, ApiError>({
    queryKey: apiQueryKey('user/statement', body),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiPost<StatementPage>('user/statement', pageParam ? { ...body, cursor: pageParam } : body, { signal }),
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
    body: JSON.stringify({ tab }),
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
