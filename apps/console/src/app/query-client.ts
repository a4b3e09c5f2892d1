import { QueryClient } from '@tanstack/react-query';
import { ApiRefusal, SessionEndedError } from '../api/client';

/** A refusal or an ended session will not change on retry; a network hiccup may. */
const shouldRetry = (failureCount: number, error: unknown) =>
  !(error instanceof ApiRefusal || error instanceof SessionEndedError) && failureCount < 2;

export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
