import type { positionDetail } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { findInstrumentName } from '../../repositories/instrument.repository.js';
import { lentUntilOf } from '../../repositories/lending.repository.js';
import { findPosition } from '../../repositories/position.repository.js';
import { toPositionView } from './position-view.js';

/** One order or position of the investor with every field. */
export const readPositionDetail: InvestorUseCase<typeof positionDetail> = async (deps, context, input) => {
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
};
