import type { staffCloseStrategyPosition } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { closePosition } from '../trading/close-position.js';
import { strategyTradeUseCase } from './strategy-account.js';

/**
 * Staff close a strategy holding through the investors' close-position use case (same lock, hours
 * and price checks; scoped to the strategy account, so another user's position is "not found").
 * The engine mirrors the close into the followers' allocations at the same exit price.
 */
export const closeStrategyPosition: StaffUseCase<typeof staffCloseStrategyPosition> = strategyTradeUseCase(
  'follow.strategy_close',
  (deps, user, input) => closePosition(deps, user, { id: input.positionId }),
);
