/**
 * The staff session token, kept in sessionStorage under `staffToken` so it ends with the browser
 * tab. Components subscribe to it: clearing it (sign-out, or a 401 from the server) sends every
 * signed-in screen back to sign-in.
 */
const STORAGE_KEY = 'staffToken';

export type SessionEndReason = 'signed-out' | 'expired';

type Listener = () => void;
const listeners = new Set<Listener>();
let lastEndReason: SessionEndReason | null = null;

export function readStaffToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveStaffToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
  lastEndReason = null;
  notify();
}

export function clearStaffToken(reason: SessionEndReason): void {
  if (readStaffToken() === null) return;
  sessionStorage.removeItem(STORAGE_KEY);
  lastEndReason = reason;
  notify();
}

/** Why the last session ended, for the notice on the sign-in screen. */
export function sessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

export function subscribeToStaffToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}
