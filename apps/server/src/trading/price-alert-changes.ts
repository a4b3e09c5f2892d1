import { ListenerSet } from '../application/listener-set.js';
import type { PriceAlertRecord } from '../repositories/price-alert.repository.js';

export type PriceAlertChange = { kind: 'created'; alert: PriceAlertRecord } | { kind: 'deleted'; id: bigint };
type PriceAlertChangeListener = (change: PriceAlertChange) => void;

/**
 * Price alerts created or deleted by this process, for the engine's trigger index
 * (docs/adr/0034-price-alerts.md); other processes' alerts reach the leader by its periodic re-read.
 */
export class PriceAlertChanges {
  private readonly listeners: ListenerSet<PriceAlertChange>;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.listeners = new ListenerSet(onListenerError);
  }

  on(listener: PriceAlertChangeListener): () => void {
    return this.listeners.add(listener);
  }

  emit(change: PriceAlertChange): void {
    this.listeners.call(change);
  }
}
