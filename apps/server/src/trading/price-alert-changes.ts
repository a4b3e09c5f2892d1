import { ChangeNotices } from '../application/listener-set.js';
import type { PriceAlertRecord } from '../repositories/price-alert.repository.js';

export type PriceAlertChange = { kind: 'created'; alert: PriceAlertRecord } | { kind: 'deleted'; id: bigint };

/**
 * Price alerts created or deleted by this process, for the engine's trigger index
 * (docs/adr/0034-price-alerts.md); other processes' alerts reach the leader by its periodic re-read.
 */
export class PriceAlertChanges extends ChangeNotices<PriceAlertChange> {}
