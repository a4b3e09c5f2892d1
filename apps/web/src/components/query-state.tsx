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
 * The retry's title: absent, the server's reason when it refused the read (else the generic text);
 * null, always the generic text; a string, that text.
 */
type ErrorMessage = string | null | undefined;

function messageOf(query: ReadProgress, errorMessage: ErrorMessage): { message?: string } {
  if (errorMessage === null) return {};
  if (errorMessage !== undefined) return { message: errorMessage };
  return query.error?.kind === 'business' ? { message: query.error.message } : {};
}

/** Loading while a read waits (`isWaiting`, by default while it is pending), or a retry once it has failed. */
export function QueryFeedback({
  query,
  isWaiting = query.isPending,
  errorMessage,
}: {
  query: ReadProgress;
  isWaiting?: boolean;
  errorMessage?: ErrorMessage;
}) {
  return (
    <>
      {isWaiting ? <InlineLoading /> : null}
      {query.isError && query.error?.kind !== 'unauthorized' ? (
        <NetworkError
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
          {...messageOf(query, errorMessage)}
        />
      ) : null}
    </>
  );
}

/** Loading, a retry after a failed read, or the content made from the read's answer: never a blank screen. */
export function QueryState<TData>({
  query,
  errorMessage,
  children,
}: {
  query: ReadProgress & { data: TData | undefined };
  errorMessage?: ErrorMessage;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending || query.isError) return <QueryFeedback query={query} errorMessage={errorMessage} />;
  return <>{children(query.data as TData)}</>;
}
