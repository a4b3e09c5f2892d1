import type { readUserPositions as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { findInstrumentNames } from '../../repositories/instrument.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { listUserPositions } from '../../repositories/position.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { toPositionView } from '../trading/position-view.js';

const DEFAULT_PAGE = 20;

/**
 * An investor's orders and positions for the console, exactly as the investor's app shows them
 * (`toPositionView`; holdings valued at the live feed price), newest first, paged by id.
 */
export const readUserPositions: StaffUseCase<typeof call> = async (deps, { nowMs }, input) => {
  const userId = BigInt(input.userId);
  (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_PAGE, ({ cursorId, limit }) =>
    listUserPositions(deps.db, userId, { limit, beforeId: cursorId, state: input.state }),
  );
  const symbols = [...new Set(page.map((position) => position.symbol))];
  const held = [...new Set(page.filter((p) => p.state === 'holding').map((p) => p.symbol))];
  const [names, live] = await Promise.all([
    findInstrumentNames(deps.db, symbols),
    held.length === 0 ? new Map() : deps.prices.currentMany(held),
  ]);
  return {
    items: page.map((position) =>
      toPositionView(position, {
        name: names.get(position.symbol) ?? position.symbol,
        livePricePaise: position.state === 'holding' ? live.get(position.symbol)?.pricePaise : undefined,
        nowMs,
      }),
    ),
    nextCursor,
  };
};
