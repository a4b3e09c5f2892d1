import type { CallBody } from './calls';
import { call } from './client';

/**
 * The browser's side of passkeys (docs/adr/0028-passkeys.md). `@simplewebauthn/browser` is loaded
 * only when a ceremony starts, so the login route's first load does not carry it.
 */

export const isPasskeySupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

type RegisterBody = CallBody<'user/passkeyRegister'>;

/** Creates a passkey on this device and registers it under `name`. */
export async function createPasskey(name: string, proof: RegisterBody['proof']) {
  const { options } = await call('user/passkeyRegisterOptions', {});
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return call('user/passkeyRegister', {
    name,
    response: response as unknown as RegisterBody['response'],
    ...(proof ? { proof } : {}),
  });
}

/** Answers a sign-in's second step with a passkey; answers the session. */
export async function answerWithPasskey(challengeToken: string) {
  const { options } = await call('user/passkeyLoginOptions', { challengeToken });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return call('user/loginVerifyPasskey', {
    challengeToken,
    response: response as unknown as CallBody<'user/loginVerifyPasskey'>['response'],
  });
}

/** A browser refusal (cancelled, timed out, no matching passkey) rather than the server's. */
export const isBrowserRefusal = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    error.name === 'InvalidStateError' ||
    error.name === 'WebAuthnError');
