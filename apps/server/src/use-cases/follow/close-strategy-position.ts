import type { BodyOf, staffCloseStrategyPosition } from '@nivesh/contract';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { closePosition } from '../trading/close-position.js';
import type { PositionView } from '../trading/position-view.js';
import { tradeStrategyAccount } from './strategy-account.js';

/**
 * Staff close a strategy holding through the investors' close-position use case (same lock, hours
 * and price checks; scoped to the strategy account, so another user's position is "not found").
 * The engine mirrors the close into the followers' allocations at the same exit price.
 */
export async function closeStrategyPosition(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCloseStrategyPosition>,
): Promise<PositionView> {
  return tradeStrategyAccount(deps, context, BigInt(input.id), 'follow.strategy_close', (user) =>
    closePosition(deps, user, { id: input.positionId }),
  );
}
