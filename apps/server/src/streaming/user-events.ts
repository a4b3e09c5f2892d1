/** Something that happened to one investor (a fill, a message, …), sent as JSON to their sockets. */
export type UserEvent = Record<string, unknown>;

export type UserEventListener = (event: UserEvent) => void;

/**
 * The per-user event channel (`user:<id>`). Sockets that authenticated as a user listen here;
 * use cases call `publishUserEvent` (fills, messages). In-process for now: a Redis fan-out would
 * implement the same two methods over pub/sub so every server process's sockets receive the event.
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
