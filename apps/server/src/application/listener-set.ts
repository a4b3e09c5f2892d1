/**
 * The listeners of one in-process event (a batch of ticks, a changed position): each is called in
 * turn with the event; one that throws is reported to `onListenerError` and does not stop the others.
 */
export class ListenerSet<Event> {
  private readonly listeners = new Set<(event: Event) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Calls `listener` for every event from now on; the returned function unsubscribes. */
  add(listener: (event: Event) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  call(event: Event): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}

/**
 * In-process notices of one kind of change, given after the change commits (a position, a GTT, a
 * price alert): `on` subscribes and answers the unsubscribe, `emit` calls each listener in turn.
 */
export class ChangeNotices<Change> {
  private readonly listeners: ListenerSet<Change>;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.listeners = new ListenerSet(onListenerError);
  }

  on(listener: (change: Change) => void): () => void {
    return this.listeners.add(listener);
  }

  emit(change: Change): void {
    this.listeners.call(change);
  }
}
