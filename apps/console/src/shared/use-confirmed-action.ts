import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CallOptions } from '../api/client';
import { newIdempotencyKey } from '../api/idempotency-key';

interface PendingSubmission<V> {
  values: V;
  idempotencyKey: string;
}

/**
 * A form submission that runs only after the staff member confirms it. The submission gets its
 * idempotency key when it is asked for, so a double click on "confirm" is one action on the server;
 * the second click is not even sent.
 */
export function useConfirmedAction<V, R>(perform: (values: V, options: CallOptions) => Promise<R>) {
  const [pending, setPending] = useState<PendingSubmission<V> | null>(null);
  // Two clicks can land before React re-renders with isPending; this knows at once.
  const sending = useRef(false);
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
      if (!pending || sending.current) return;
      sending.current = true;
      mutation.mutate(pending, {
        onSettled: () => {
          sending.current = false;
          setPending(null);
        },
      });
    },
    dismissResult() {
      mutation.reset();
    },
    running: mutation.isPending,
    result: mutation.data,
    error: mutation.error,
  };
}

/**
 * Ties a ConfirmActionModal to a confirmed action: open while the action waits for confirmation,
 * busy while it runs.
 */
export function confirmDialogProps(action: {
  pendingValues: unknown;
  running: boolean;
  confirm: () => void;
  cancel: () => void;
}) {
  return {
    open: action.pendingValues !== null,
    running: action.running,
    onConfirm: action.confirm,
    onCancel: action.cancel,
  };
}
