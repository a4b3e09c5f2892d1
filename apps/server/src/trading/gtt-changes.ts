import { ListenerSet } from '../application/listener-set.js';
import type { GttRecord } from '../repositories/gtt.repository.js';

export type GttChangeListener = (gtt: GttRecord) => void;

/**
 * GTTs placed, changed or ended by this process, for the engine's index (docs/adr/0031), as
 * PositionChanges is for orders: another process's changes reach the leader by its sync.
 */
export class GttChanges {
  private readonly listeners: ListenerSet<GttRecord>;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.listeners = new ListenerSet(onListenerError);
  }

  on(listener: GttChangeListener): () => void {
    return this.listeners.add(listener);
  }

  emit(gtt: GttRecord): void {
    this.listeners.call(gtt);
  }
}
