import type { BodyOf, staffCancelStrategyOrder } from '@nivesh/contract';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { cancelOrder } from '../trading/cancel-order.js';
import type { PositionView } from '../trading/position-view.js';
import { auditStrategyTrade, strategyContextOf } from './strategy-account.js';

/** Staff cancel a pending strategy order through the investors' cancel-order use case. */
export async function cancelStrategyOrder(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCancelStrategyOrder>,
): Promise<PositionView> {
  const { product, user } = await strategyContextOf(deps, context, BigInt(input.id));
  const position = await cancelOrder(deps, user, { id: input.positionId });
  await auditStrategyTrade(deps, context, product, 'follow.strategy_cancel', position);
  return position;
}
