import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallBody, CallData, CallPath } from '../../../api/calls';
import { useApiMutation } from '../../../api/hooks';
import { answerWithPasskey, isBrowserRefusal } from '../../../api/passkey-ceremony';
import { saveSession } from '../../../lib/session';

/** What user/login answers: the session, or a second-factor challenge (docs/adr/0022-investor-two-factor.md). */
export type LoginReply = CallData<'user/login'>;
/** A session: the token and the account it belongs to (user/register, user/loginVerify, most logins). */
export type SessionReply = CallData<'user/register'>;
export type TwoFactorChallenge = Extract<LoginReply, { twoFactorRequired: true }>;
export type LoginRequest = CallBody<'user/login'>;
export type RegisterRequest = CallBody<'user/register'>;

export const isChallenge = (reply: LoginReply): reply is TwoFactorChallenge => 'twoFactorRequired' in reply;

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

/** Signs in; an investor with a second factor gets a challenge to answer with useLoginVerify. */
export function useLogin(
  onLoggedIn: (reply: SessionReply) => void,
  onChallenge: (challenge: TwoFactorChallenge) => void,
) {
  const startSession = useStartSession();
  return useApiMutation('user/login', {
    onSuccess: (reply) => {
      if (isChallenge(reply)) {
        onChallenge(reply);
        return;
      }
      startSession(reply);
      onLoggedIn(reply);
    },
  });
}

/** The second step of signing in: the challenge and a code from the authenticator or a recovery code. */
export function useLoginVerify(onLoggedIn: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  return useApiMutation('user/loginVerify', {
    onSuccess: (reply) => {
      startSession(reply);
      onLoggedIn(reply);
    },
  });
}

/**
 * The second step answered with a passkey (docs/adr/0028-passkeys.md); `browserRefused` is set when
 * the browser gave no passkey (cancelled, none on this device), the server's refusals are toasted.
 */
export function usePasskeySignIn(onLoggedIn: (reply: SessionReply) => void) {
  const startSession = useStartSession();
  const [isPending, setPending] = useState(false);
  const [browserRefused, setBrowserRefused] = useState(false);
  const submit = async (challengeToken: string) => {
    setPending(true);
    setBrowserRefused(false);
    try {
      const reply = await answerWithPasskey(challengeToken);
      startSession(reply);
      onLoggedIn(reply);
    } catch (error) {
      if (isBrowserRefusal(error)) setBrowserRefused(true);
    } finally {
      setPending(false);
    }
  };
  return { isPending, browserRefused, submit };
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
