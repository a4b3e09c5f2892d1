/**
 * Changes to what an authenticated call reads about an investor (a session revoked, flags, KYC,
 * day-trading status, the second factor), announced in this process the moment a repository writes
 * them, so this process's session cache forgets the investor before the writer's reply is sent.
 * Other processes hear the same change from the database's `nivesh_session_change` notice at
 * commit (migration 0046, docs/adr/0030-admission-control-and-session-cache.md).
 */
type SessionChangeListener = (userId: bigint) => void;

const listeners = new Set<SessionChangeListener>();

/** Calls `listener` with the investor's id on each change this process writes; answers the unsubscribe. */
export function onSessionChange(listener: SessionChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces that an investor's sessions must be read again. */
export function announceSessionChange(userId: bigint): void {
  for (const listener of listeners) listener(userId);
}
