/** Something that happened to one investor (a fill, a message, …), sent as JSON to their sockets. */
export type UserEvent = Record<string, unknown>;

export type UserEventListener = (event: UserEvent) => void;

/**
 * The per-user event channel (`user:<id>`). Sockets that authenticated as a user listen here;
 * use cases call `publishUserEvent` (fills, messages). `UserEvents` is the in-process channel;
 * `RedisUserEvents` (redis-fan-out.ts) implements the same two methods over Redis pub/sub so that
 * every server process's sockets receive the event.
 */
export interface UserEventChannel {
  publishUserEvent(userId: bigint | string, event: UserEvent): void;
  onUserEvent(userId: bigint | string, listener: UserEventListener): () => void;
}

export class UserEvents implements UserEventChannel {
  private readonly listeners = new Map<string, Set<UserEventListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  publishUserEvent(userId: bigint | string, event: UserEvent): void {
    const listeners = this.listeners.get(channelOf(userId));
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Calls `listener` for every event of the user from now on; the returned function leaves. */
  onUserEvent(userId: bigint | string, listener: UserEventListener): () => void {
    const channel = channelOf(userId);
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.listeners.get(channel);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(channel);
    };
  }

  /** How many listeners the user's channel has (for tests and metrics). */
  listenerCount(userId: bigint | string): number {
    return this.listeners.get(channelOf(userId))?.size ?? 0;
  }
}

export const channelOf = (userId: bigint | string): string => `user:${String(userId)}`;

/**
 * A control notice on the user's channel, never forwarded to a client: some of the user's sessions
 * were revoked (log-out, password change, a staff flag), so each socket of the user re-checks its
 * own session and leaves the channel when it has ended.
 */
export const SESSIONS_REVOKED_KIND = 'sessions.revoked';

export const isSessionsRevokedNotice = (event: UserEvent): boolean => event.kind === SESSIONS_REVOKED_KIND;

/** Tells the user's sockets, on every server process, that sessions of the user were revoked. */
export function announceSessionsRevoked(channel: UserEventChannel, userId: bigint | string): void {
  channel.publishUserEvent(userId, { kind: SESSIONS_REVOKED_KIND });
}

/**
 * A control notice on the investor's channel, never forwarded to a client: the investor's paper
 * account was opened or reset (docs/adr/0026-paper-trading.md), so each socket of the investor
 * follows the channel of the paper account it names from now on.
 */
export const PAPER_ACCOUNT_CHANGED_KIND = 'paper.changed';

export const isPaperAccountChangedNotice = (event: UserEvent): boolean =>
  event.kind === PAPER_ACCOUNT_CHANGED_KIND;

/** Tells the investor's sockets, on every server process, to follow their new paper account. */
export function announcePaperAccountChanged(
  channel: UserEventChannel,
  userId: bigint,
  paperUserId: bigint,
): void {
  channel.publishUserEvent(userId, { kind: PAPER_ACCOUNT_CHANGED_KIND, paperUserId: String(paperUserId) });
}
