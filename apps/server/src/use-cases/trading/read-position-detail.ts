import type { BodyOf, positionDetail } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import { lentUntilOf } from '../../repositories/lending.repository.js';
import { findPosition } from '../../repositories/position.repository.js';
import { type PositionView, toPositionView } from './position-view.js';

/** One order or position of the investor with every field. */
export async function readPositionDetail(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof positionDetail>,
): Promise<PositionView> {
  const position =
    (await findPosition(deps.db, BigInt(input.id), context.user.id)) ?? refuse('ORDER_NOT_FOUND');
  const name = await findInstrumentName(deps.db, position.symbol);
  invariant(name !== undefined, `position ${position.id} has an instrument`);
  const holding = position.state === 'holding';
  const [live, lent] = holding
    ? await Promise.all([deps.prices.currentMany([position.symbol]), lentUntilOf(deps.db, [position.id])])
    : [new Map(), new Map()];
  return toPositionView(position, {
    name,
    livePricePaise: live.get(position.symbol)?.pricePaise,
    nowMs: context.nowMs,
    lentUntilMs: lent.get(position.id),
  });
}
