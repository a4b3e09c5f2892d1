import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../api/hooks';
import { saveSession } from '../../../lib/session';

/** What user/login and user/register answer: the session token and the account it belongs to. */
export interface SessionReply {
  token: string;
  account: string;
}

export interface LoginRequest {
  account: string;
  password: string;
}

export interface RegisterRequest {
  account: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  agree: true;
}

/** Stores the new session and forgets data cached for whoever used the app before. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (reply: SessionReply) => {
    saveSession(reply.token, reply.account);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'common/config' });
  };
}

export function useLogin(onLoggedIn: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  return useApiMutation<SessionReply, LoginRequest>('user/login', {
    onSuccess: (reply) => {
      startSession(reply);
      onLoggedIn(reply);
    },
  });
}

export function useRegister(onRegistered: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  return useApiMutation<SessionReply, RegisterRequest>('user/register', {
    onSuccess: (reply) => {
      startSession(reply);
      onRegistered(reply);
    },
  });
}
