import type { BodyOf, staffCancelStrategyOrder } from '@nivesh/contract';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { cancelOrder } from '../trading/cancel-order.js';
import type { PositionView } from '../trading/position-view.js';
import { tradeStrategyAccount } from './strategy-account.js';

/** Staff cancel a pending strategy order through the investors' cancel-order use case. */
export async function cancelStrategyOrder(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCancelStrategyOrder>,
): Promise<PositionView> {
  return tradeStrategyAccount(deps, context, BigInt(input.id), 'follow.strategy_cancel', (user) =>
    cancelOrder(deps, user, { id: input.positionId }),
  );
}
