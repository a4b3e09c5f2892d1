import {
  followPositions,
  followProductDetail,
  investInFollowProduct,
  listFollowProducts,
  listMyFollows,
  staffCancelStrategyOrder,
  staffCloseStrategyPosition,
  staffCreateFollowProduct,
  staffEndFollowProduct,
  staffListFollowProducts,
  staffPlaceStrategyOrder,
  staffStrategyPositions,
  staffTakeDownFollowProduct,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { cancelStrategyOrder } from '../use-cases/follow/cancel-strategy-order.js';
import { closeStrategyPosition } from '../use-cases/follow/close-strategy-position.js';
import { createFollowProduct } from '../use-cases/follow/create-follow-product.js';
import { endFollowProductEarly } from '../use-cases/follow/end-follow-product-early.js';
import { investInFollowProduct as investUseCase } from '../use-cases/follow/invest-in-follow-product.js';
import {
  listFollowProductsForStaff,
  listOpenFollowProducts,
  readFollowProduct,
} from '../use-cases/follow/list-follow-products.js';
import {
  listFollowPositions,
  listMyFollows as listMyFollowsUseCase,
} from '../use-cases/follow/list-my-follows.js';
import { listStrategyPositions } from '../use-cases/follow/list-strategy-positions.js';
import { placeStrategyOrder } from '../use-cases/follow/place-strategy-order.js';
import { takeDownFollowProduct } from '../use-cases/follow/take-down-follow-product.js';
import { registerCall } from './register-call.js';
import { registerConsoleUseCase } from './register-console-call.js';

/** Copy-trading (docs/adr/0014-copy-trading.md): the investors' and the console's follow/... calls. */
export function registerFollowRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listFollowProducts, (_body, context) => listOpenFollowProducts(deps, context));
  registerCall(app, deps, followProductDetail, (body, context) => readFollowProduct(deps, context, body));
  registerCall(app, deps, investInFollowProduct, (body, context) => investUseCase(deps, context, body));
  registerCall(app, deps, listMyFollows, (_body, context) => listMyFollowsUseCase(deps, context));
  registerCall(app, deps, followPositions, (body, context) => listFollowPositions(deps, context, body));

  registerConsoleUseCase(app, deps, staffListFollowProducts, listFollowProductsForStaff);
  registerConsoleUseCase(app, deps, staffCreateFollowProduct, createFollowProduct);
  registerConsoleUseCase(app, deps, staffEndFollowProduct, endFollowProductEarly);
  registerConsoleUseCase(app, deps, staffTakeDownFollowProduct, takeDownFollowProduct);
  registerConsoleUseCase(app, deps, staffStrategyPositions, listStrategyPositions);
  registerConsoleUseCase(app, deps, staffPlaceStrategyOrder, placeStrategyOrder);
  registerConsoleUseCase(app, deps, staffCloseStrategyPosition, closeStrategyPosition);
  registerConsoleUseCase(app, deps, staffCancelStrategyOrder, cancelStrategyOrder);
}
