import { useSyncExternalStore } from 'react';
import { readStaffToken, subscribeToStaffToken } from '../api/staff-token';

/** The current staff token, re-rendering when it is saved or cleared. */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeToStaffToken, readStaffToken, () => null);
}
