import type { CallData } from '../../api/calls';
import { useApiQuery, useFormMutation, useRefreshCalls } from '../../api/hooks';

export type Gtt = CallData<'gtt/list'>['items'][number];

/** The investor's GTTs (gtt/list), refreshed while the screen is open: one may fire meanwhile. */
export function useGtts() {
  return useApiQuery('gtt/list', {}, { refetchInterval: 10_000 });
}

/** Places a GTT (gtt/create); its refusal is shown beside the form. */
export function useCreateGtt(onCreated: (gtt: Gtt) => void) {
  const refresh = useRefreshCalls(['gtt/list']);
  return useFormMutation('gtt/create', refresh, onCreated);
}

/** Deletes an active GTT (gtt/delete). */
export function useDeleteGtt(onDeleted: () => void) {
  const refresh = useRefreshCalls(['gtt/list']);
  return useFormMutation('gtt/delete', refresh, onDeleted);
}
