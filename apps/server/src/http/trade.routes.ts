import {
  applyDayTrading,
  approveDayTrading,
  CONSOLE_ROLES,
  cancelOrder,
  closePosition,
  dayTradingStatus,
  listDayTradingApplications,
  listPositions,
  orderHistory,
  placeOrder,
  positionDetail,
  rejectDayTrading,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import * as dayTrading from '../use-cases/day-trading/day-trading.js';
import { cancelOrder as cancelOrderUseCase } from '../use-cases/trading/cancel-order.js';
import { closePosition as closePositionUseCase } from '../use-cases/trading/close-position.js';
import { placeOrder as placeOrderUseCase } from '../use-cases/trading/place-order.js';
import {
  listPositionsOfTab,
  readOrderHistory,
  readPositionDetail,
} from '../use-cases/trading/read-positions.js';
import type { AppDeps } from './context.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall } from './register-console-call.js';

const rolesOf = (path: string) => CONSOLE_ROLES[path] ?? [];

/** Orders, positions and day-trading review (issue 6). */
export function registerTradeRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, placeOrder, (body, context) => placeOrderUseCase(deps, context, body));
  registerCall(app, deps, cancelOrder, (body, context) => cancelOrderUseCase(deps, context, body));
  registerCall(app, deps, closePosition, (body, context) => closePositionUseCase(deps, context, body));
  registerCall(app, deps, listPositions, (body, context) => listPositionsOfTab(deps, context, body));
  registerCall(app, deps, positionDetail, (body, context) => readPositionDetail(deps, context, body));
  registerCall(app, deps, orderHistory, (body, context) => readOrderHistory(deps, context, body));

  registerCall(app, deps, applyDayTrading, (_body, context) => dayTrading.applyForDayTrading(deps, context));
  registerCall(app, deps, dayTradingStatus, (_body, context) =>
    dayTrading.readDayTradingStatus(deps, context),
  );
  registerConsoleCall(
    app,
    deps,
    listDayTradingApplications,
    rolesOf(listDayTradingApplications.path),
    (body) => dayTrading.listApplications(deps, body),
  );
  registerConsoleCall(app, deps, approveDayTrading, rolesOf(approveDayTrading.path), (body, context) =>
    dayTrading.decideApplication(deps, context, { id: body.id, decision: 'approved', reason: body.reason }),
  );
  registerConsoleCall(app, deps, rejectDayTrading, rolesOf(rejectDayTrading.path), (body, context) =>
    dayTrading.decideApplication(deps, context, { id: body.id, decision: 'rejected', reason: body.reason }),
  );
}
