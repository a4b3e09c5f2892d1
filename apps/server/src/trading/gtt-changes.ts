import type { GttRecord } from '../repositories/gtt.repository.js';

export type GttChangeListener = (gtt: GttRecord) => void;

/**
 * GTTs placed, changed or ended by this process, for the engine's index (docs/adr/0031), as
 * PositionChanges is for orders: another process's changes reach the leader by its sync.
 */
export class GttChanges {
  private readonly listeners = new Set<GttChangeListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  on(listener: GttChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(gtt: GttRecord): void {
    for (const listener of this.listeners) {
      try {
        listener(gtt);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
