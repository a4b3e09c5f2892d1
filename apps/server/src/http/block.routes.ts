import {
  blockBuy,
  blockDetail,
  blockList,
  blockOrders,
  staffListBlockReferences,
  staffListBlockTrades,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { listBlockOrders } from '../use-cases/block/list-block-orders.js';
import { listBlockReferencesForStaff } from '../use-cases/block/list-block-references-for-staff.js';
import { listBlockTradesForStaff } from '../use-cases/block/list-block-trades-for-staff.js';
import { placeBlockBuy } from '../use-cases/block/place-block-buy.js';
import { readBlockDetail } from '../use-cases/block/read-block-detail.js';
import { readBlockList } from '../use-cases/block/read-block-list.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall, registerConsoleUseCase } from './register-console-call.js';

/** Block trades (docs/adr/0012-block-trades.md): the investor's calls and the console's read-only views. */
export function registerBlockRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, blockList, (_body, context) => readBlockList(deps, context.nowMs));
  registerCall(app, deps, blockDetail, (body, context) => readBlockDetail(deps, context.nowMs, body));
  registerCall(app, deps, blockBuy, (body, context) => placeBlockBuy(deps, context, body));
  registerCall(app, deps, blockOrders, (body, context) => listBlockOrders(deps, context, body));

  registerConsoleCall(app, deps, staffListBlockTrades, (body) => listBlockTradesForStaff(deps, body));
  registerConsoleUseCase(app, deps, staffListBlockReferences, listBlockReferencesForStaff);
}
