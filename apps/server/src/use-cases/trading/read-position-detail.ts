import type { BodyOf, positionDetail } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
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
  const instrument = await deps.db
    .selectFrom('instruments')
    .select('name')
    .where('symbol', '=', position.symbol)
    .executeTakeFirstOrThrow();
  const holding = position.state === 'holding';
  const [live, lent] = holding
    ? await Promise.all([deps.prices.currentMany([position.symbol]), lentUntilOf(deps.db, [position.id])])
    : [new Map(), new Map()];
  return toPositionView(position, {
    name: instrument.name,
    livePricePaise: live.get(position.symbol)?.pricePaise,
    nowMs: context.nowMs,
    lentUntilMs: lent.get(position.id),
  });
}
