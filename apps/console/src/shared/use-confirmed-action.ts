import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallOptions } from '../api/client';
import { newIdempotencyKey } from '../api/idempotency-key';

interface PendingSubmission<V> {
  values: V;
  idempotencyKey: string;
}

/**
 * A form submission that runs only after the staff member confirms it. The submission gets its
 * idempotency key when it is asked for, so a double click on "confirm" is one action on the server.
 */
export function useConfirmedAction<V, R>(perform: (values: V, options: CallOptions) => Promise<R>) {
  const [pending, setPending] = useState<PendingSubmission<V> | null>(null);
  const mutation = useMutation({
    mutationFn: ({ values, idempotencyKey }: PendingSubmission<V>) => perform(values, { idempotencyKey }),
  });
  return {
    /** The values waiting for confirmation, or null when nothing is asked. */
    pendingValues: pending?.values ?? null,
    ask(values: V) {
      mutation.reset();
      setPending({ values, idempotencyKey: newIdempotencyKey() });
    },
    cancel() {
      setPending(null);
    },
    confirm() {
      if (!pending || mutation.isPending) return;
      mutation.mutate(pending, { onSettled: () => setPending(null) });
    },
    dismissResult() {
      mutation.reset();
    },
    running: mutation.isPending,
    result: mutation.data,
    error: mutation.error,
  };
}
