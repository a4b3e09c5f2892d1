import {
  QueryClient,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { CallBody, CallData, CallPath } from './calls';
import { ApiError, call, isApiError, notifyUser } from './client';
import { createIdempotencyKey } from './idempotency';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Only a request that never got an answer is worth repeating; a refusal will not change.
        retry: (failureCount, error) => isApiError(error) && error.isRetryable && failureCount < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** The cache key of a read: the path and the body. */
export function apiQueryKey<Path extends CallPath>(path: Path, body: CallBody<Path>): readonly unknown[] {
  return ['api', path, body] as const;
}

/** The prefix of every cached read of one call, whatever its body: for invalidating them all. */
export function callKey(path: CallPath): readonly unknown[] {
  return ['api', path] as const;
}

type ApiQueryOptions<T, TSelected> = Omit<UseQueryOptions<T, ApiError, TSelected>, 'queryKey' | 'queryFn'>;

/** A read through POST /api/vue/<path>; the cache key is the path and the body. */
export function useApiQuery<Path extends CallPath, TSelected = CallData<Path>>(
  path: Path,
  body: CallBody<Path>,
  options: ApiQueryOptions<CallData<Path>, TSelected> = {},
): UseQueryResult<TSelected, ApiError> {
  return useQuery<CallData<Path>, ApiError, TSelected>({
    queryKey: apiQueryKey(path, body),
    queryFn: ({ signal }) => call(path, body, { signal }),
    ...options,
  });
}

export interface ApiMutationOptions<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: ApiError) => void;
  /** Do not toast business refusals (the screen shows them). */
  silent?: boolean;
}

/**
 * A write through POST /api/vue/<path>. Each submission carries an Idempotency-Key: a second tap
 * while one is in flight is ignored, and retrying after a lost answer reuses the key, so the server
 * acts once. A changed body is a new submission with a new key.
 */
export function useApiMutation<Path extends CallPath>(
  path: Path,
  options: ApiMutationOptions<CallData<Path>> = {},
) {
  type TData = CallData<Path>;
  type TBody = CallBody<Path>;
  const submission = useRef<{ key: string; bodyJson: string } | null>(null);
  const isInFlight = useRef(false);
  const { onSuccess, onError, silent } = options;

  const mutation = useMutation<TData, ApiError, TBody>({
    mutationFn: async (body) => {
      const bodyJson = JSON.stringify(body);
      if (submission.current?.bodyJson !== bodyJson) {
        submission.current = { key: createIdempotencyKey(), bodyJson };
      }
      try {
        const data = await call(path, body, {
          idempotencyKey: submission.current.key,
          ...(silent ? { silent } : {}),
        });
        submission.current = null;
        return data;
      } catch (error) {
        if (!isApiError(error) || !error.isRetryable) submission.current = null;
        const apiError = isApiError(error) ? error : new ApiError('network', String(error));
        // Refusals were toasted by the client; a lost answer is told here, as writes have no retry screen.
        if (!apiError.isNotified && !silent) notifyUser(apiError.message);
        throw apiError;
      }
    },
    ...(onSuccess ? { onSuccess: (data: TData) => onSuccess(data) } : {}),
    ...(onError ? { onError: (error: ApiError) => onError(error) } : {}),
  });

  const { mutateAsync } = mutation;
  const submit = useCallback(
    async (body: TBody): Promise<TData | undefined> => {
      if (isInFlight.current) return undefined;
      isInFlight.current = true;
      try {
        return await mutateAsync(body);
      } catch {
        return undefined;
      } finally {
        isInFlight.current = false;
      }
    },
    [mutateAsync],
  );

  return { ...mutation, submit };
}

/**
 * A form's write: its refusals are shown by the screen next to the form (silent: no toast on top);
 * after it succeeds the reads it changed are refreshed, then the screen gets the reply.
 */
export function useFormMutation<Path extends CallPath>(
  path: Path,
  refresh: () => unknown,
  onSuccess?: (data: CallData<Path>) => void,
) {
  return useApiMutation(path, {
    silent: true,
    onSuccess: (data) => {
      void refresh();
      onSuccess?.(data);
    },
  });
}

/** Marks every cached read of these calls stale (whatever their bodies), so the screens read them again. */
export function useRefreshCalls(paths: readonly CallPath[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const path of paths) void queryClient.invalidateQueries({ queryKey: callKey(path) });
  };
}
