import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LOGIN_PATH, REDIRECT_AFTER_LOGOUT_MS } from '../lib/constants';
import { clearSession } from '../lib/session';
import { useApiMutation } from './hooks';
import { setPaperBook } from './paper-book';

/**
 * Logs out: asks the server to end the session, then forgets it here whatever the answer (the
 * device must not stay signed in because the network failed), and opens the login after 1 second.
 */
export function useLogout(onLoggedOut: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useApiMutation('user/logout', { silent: true });

  const logout = async () => {
    await mutation.submit({});
    clearSession();
    // A new sign-in starts in the real book (docs/adr/0026-paper-trading.md).
    setPaperBook(false);
    onLoggedOut();
    setTimeout(() => {
      navigate(LOGIN_PATH, { replace: true });
      queryClient.clear();
    }, REDIRECT_AFTER_LOGOUT_MS);
  };

  return { logout, isLoggingOut: mutation.isPending };
}
