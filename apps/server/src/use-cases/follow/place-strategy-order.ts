import type { staffPlaceStrategyOrder } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { placeOrder } from '../trading/place-order.js';
import { strategyTradeUseCase } from './strategy-account.js';

/**
 * Staff place an order for a product's strategy account through the investors' own place-order use
 * case: no second order path, so the strategy fills at the feed like everyone (DESIGN rule 1.2) and
 * gets the same refusals. The engine mirrors the fill into the followers' allocations.
 */
export const placeStrategyOrder: StaffUseCase<typeof staffPlaceStrategyOrder> = strategyTradeUseCase(
  'follow.strategy_order',
  (deps, user, input) =>
    placeOrder(deps, user, {
      symbol: input.symbol,
      side: input.side,
      orderType: input.orderType,
      quantity: input.quantity,
      leverage: input.leverage,
      ...(input.price === undefined ? {} : { price: input.price }),
    }),
);
