import { useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData, CallPath } from '../../../api/calls';
import { useApiMutation } from '../../../api/hooks';
import { saveSession } from '../../../lib/session';

/** What user/login and user/register answer: the session token and the account it belongs to. */
export type SessionReply = CallData<'user/login'>;
export type LoginRequest = CallBody<'user/login'>;
export type RegisterRequest = CallBody<'user/register'>;

/** Stores the new session and forgets data cached for whoever used the app before. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (reply: SessionReply) => {
    saveSession(reply.token, reply.account);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[1] !== ('common/config' satisfies CallPath),
    });
  };
}

export function useLogin(onLoggedIn: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  return useApiMutation('user/login', {
    onSuccess: (reply) => {
      startSession(reply);
      onLoggedIn(reply);
    },
  });
}

export function useRegister(onRegistered: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  return useApiMutation('user/register', {
    onSuccess: (reply) => {
      startSession(reply);
      onRegistered(reply);
    },
  });
}
