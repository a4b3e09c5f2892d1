import type { ReactNode } from 'react';
import type { ApiError } from '../api/client';
import { InlineLoading } from './loading-overlay';
import { NetworkError } from './network-error';

/** What QueryFeedback and QueryState read of a react-query read. */
interface ReadProgress {
  isPending: boolean;
  isError: boolean;
  error: ApiError | null;
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * Loading while a read waits (`isWaiting`, by default while it is pending), or a retry once it has
 * failed, with the server's reason when it refused: nothing once the read has its answer.
 */
export function QueryFeedback({
  query,
  isWaiting = query.isPending,
}: {
  query: ReadProgress;
  isWaiting?: boolean;
}) {
  return (
    <>
      {isWaiting ? <InlineLoading /> : null}
      {query.isError ? (
        <NetworkError
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
          {...(query.error?.kind === 'business' ? { message: query.error.message } : {})}
        />
      ) : null}
    </>
  );
}

/** Loading, a retry after a failed read, or the content: never a blank screen. */
export function QueryState({ query, children }: { query: ReadProgress; children: () => ReactNode }) {
  if (query.isPending || query.isError) return <QueryFeedback query={query} />;
  return <>{children()}</>;
}
