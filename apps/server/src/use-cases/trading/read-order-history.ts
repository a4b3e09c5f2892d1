import type { BodyOf, orderHistory } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { type PositionPage, readPositionPage } from './position-page.js';

/** Every order of the investor in any state, newest first. */
export async function readOrderHistory(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof orderHistory>,
): Promise<PositionPage> {
  const symbol = input.symbol ? input.symbol.trim().toUpperCase() : undefined;
  return readPositionPage(deps, context, { symbol, cursor: input.cursor, limit: input.limit });
}
