import type { PositionRecord } from '../repositories/position.repository.js';

export type PositionChangeListener = (position: PositionRecord) => void;

/**
 * In-process notice that an order or position changed state (placed, filled, cancelled, closed),
 * given after the change commits. The engine, when it leads in this process, keeps its index in
 * step with it at once; other processes' changes reach the leader by re-reading (see the engine).
 */
export class PositionChanges {
  private readonly listeners = new Set<PositionChangeListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  on(listener: PositionChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(position: PositionRecord): void {
    for (const listener of this.listeners) {
      try {
        listener(position);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
