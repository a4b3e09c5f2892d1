import { ChangeNotices } from '../application/listener-set.js';
import type { GttRecord } from '../repositories/gtt.repository.js';

/**
 * GTTs placed, changed or ended by this process, for the engine's index (docs/adr/0031), as
 * PositionChanges is for orders: another process's changes reach the leader by its sync.
 */
export class GttChanges extends ChangeNotices<GttRecord> {}
