import type { orderHistory } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { readPositionPage } from './position-page.js';

/** Every order of the investor in any state, newest first. */
export const readOrderHistory: InvestorUseCase<typeof orderHistory> = async (deps, context, input) => {
  const symbol = input.symbol ? input.symbol.trim().toUpperCase() : undefined;
  return readPositionPage(deps, context, { symbol, cursor: input.cursor, limit: input.limit });
};
