import type { staffCancelStrategyOrder } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { cancelOrder } from '../trading/cancel-order.js';
import { tradeStrategyAccount } from './strategy-account.js';

/** Staff cancel a pending strategy order through the investors' cancel-order use case. */
export const cancelStrategyOrder: StaffUseCase<typeof staffCancelStrategyOrder> = async (
  deps,
  context,
  input,
) => {
  return tradeStrategyAccount(deps, context, BigInt(input.id), 'follow.strategy_cancel', (user) =>
    cancelOrder(deps, user, { id: input.positionId }),
  );
};
