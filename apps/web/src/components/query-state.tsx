import type { ReactNode } from 'react';
import type { ApiError } from '../api/client';
import { InlineLoading } from './loading-overlay';
import { NetworkError } from './network-error';

/** Loading, a retry after a failed read, or the content: never a blank screen. */
export function QueryState({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: ApiError | null;
    refetch: () => unknown;
    isFetching: boolean;
  };
  children: () => ReactNode;
}) {
  if (query.isPending) return <InlineLoading />;
  if (query.isError) {
    return (
      <NetworkError
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        {...(query.error?.kind === 'business' ? { message: query.error.message } : {})}
      />
    );
  }
  return <>{children()}</>;
}
