import type { staffCancelStrategyOrder } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { cancelOrder } from '../trading/cancel-order.js';
import { strategyTradeUseCase } from './strategy-account.js';

/** Staff cancel a pending strategy order through the investors' cancel-order use case. */
export const cancelStrategyOrder: StaffUseCase<typeof staffCancelStrategyOrder> = strategyTradeUseCase(
  'follow.strategy_cancel',
  (deps, user, input) => cancelOrder(deps, user, { id: input.positionId }),
);
