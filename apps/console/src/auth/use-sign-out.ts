import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { signOut } from '../api/console-calls';
import { clearStaffToken } from '../api/staff-token';

/**
 * Revokes the session on the server, then forgets the token and every cached answer. The token is
 * dropped even when the server cannot be reached, so the tab never stays signed in by mistake.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const signOutNow = useCallback(async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // The session may already be gone; signing out locally is what matters here.
    } finally {
      clearStaffToken('signed-out');
      queryClient.clear();
      setSigningOut(false);
    }
  }, [queryClient]);
  return { signOutNow, signingOut };
}
