import type { PriceAlertRecord } from '../repositories/price-alert.repository.js';

export type PriceAlertChange = { kind: 'created'; alert: PriceAlertRecord } | { kind: 'deleted'; id: bigint };
type PriceAlertChangeListener = (change: PriceAlertChange) => void;

/**
 * Price alerts created or deleted by this process, for the engine's trigger index
 * (docs/adr/0034-price-alerts.md); other processes' alerts reach the leader by its periodic re-read.
 */
export class PriceAlertChanges {
  private readonly listeners = new Set<PriceAlertChangeListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  on(listener: PriceAlertChangeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(change: PriceAlertChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
