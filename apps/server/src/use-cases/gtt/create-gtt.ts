import type { createGtt as createGttCall } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { toGttView } from './gtt-view.js';
import { placeGtt } from './place-gtt.js';

/** gtt/create: places a GTT from the app (the stock detail's GTT form). */
export const createGtt: InvestorUseCase<typeof createGttCall> = async (deps, context, input) =>
  toGttView(
    await placeGtt(deps, context, {
      symbol: input.symbol,
      type: input.type,
      triggers: input.triggers,
      orders: input.orders,
      expiresAtMs: input.expiresAt,
    }),
    context.language,
  );
