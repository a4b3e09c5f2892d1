import { ChangeNotices } from '../application/listener-set.js';
import type { PositionRecord } from '../repositories/position.repository.js';

/**
 * In-process notice that an order or position changed state (placed, filled, cancelled, closed),
 * given after the change commits. The engine, when it leads in this process, keeps its index in
 * step with it at once; other processes' changes reach the leader by re-reading (see the engine).
 */
export class PositionChanges extends ChangeNotices<PositionRecord> {}
