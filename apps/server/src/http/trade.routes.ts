import {
  applyDayTrading,
  approveDayTrading,
  cancelOrder,
  closePosition,
  dayTradingStatus,
  listDayTradingApplications,
  listPositions,
  modifyOrder,
  orderHistory,
  placeOrder,
  positionDetail,
  rejectDayTrading,
  sellHoldings,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { applyForDayTrading } from '../use-cases/day-trading/apply-for-day-trading.js';
import { decideDayTradingApplication } from '../use-cases/day-trading/decide-day-trading-application.js';
import { listDayTradingApplications as listApplicationsUseCase } from '../use-cases/day-trading/list-day-trading-applications.js';
import { readDayTradingStatus } from '../use-cases/day-trading/read-day-trading-status.js';
import { cancelOrder as cancelOrderUseCase } from '../use-cases/trading/cancel-order.js';
import { closePosition as closePositionUseCase } from '../use-cases/trading/close-position.js';
import { listPositionsOfTab } from '../use-cases/trading/list-positions.js';
import { modifyOrder as modifyOrderUseCase } from '../use-cases/trading/modify-order.js';
import { placeOrder as placeOrderUseCase } from '../use-cases/trading/place-order.js';
import { readOrderHistory } from '../use-cases/trading/read-order-history.js';
import { readPositionDetail } from '../use-cases/trading/read-position-detail.js';
import { sellHoldings as sellHoldingsUseCase } from '../use-cases/trading/sell-holdings.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall } from './register-console-call.js';

/** Orders, positions and day-trading review (docs/api.md, "Trading (orders and positions)"). */
export function registerTradeRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, placeOrder, (body, context) => placeOrderUseCase(deps, context, body));
  registerCall(app, deps, cancelOrder, (body, context) => cancelOrderUseCase(deps, context, body));
  registerCall(app, deps, modifyOrder, (body, context) => modifyOrderUseCase(deps, context, body));
  registerCall(app, deps, closePosition, (body, context) => closePositionUseCase(deps, context, body));
  registerCall(app, deps, listPositions, (body, context) => listPositionsOfTab(deps, context, body));
  registerCall(app, deps, positionDetail, (body, context) => readPositionDetail(deps, context, body));
  registerCall(app, deps, orderHistory, (body, context) => readOrderHistory(deps, context, body));
  registerCall(app, deps, sellHoldings, (body, context) => sellHoldingsUseCase(deps, context, body));

  registerCall(app, deps, applyDayTrading, (_body, context) => applyForDayTrading(deps, context));
  registerCall(app, deps, dayTradingStatus, (_body, context) => readDayTradingStatus(deps, context));
  registerConsoleCall(app, deps, listDayTradingApplications, (body) => listApplicationsUseCase(deps, body));
  registerConsoleCall(app, deps, approveDayTrading, (body, context) =>
    decideDayTradingApplication(deps, context, { id: body.id, decision: 'approved', reason: body.reason }),
  );
  registerConsoleCall(app, deps, rejectDayTrading, (body, context) =>
    decideDayTradingApplication(deps, context, { id: body.id, decision: 'rejected', reason: body.reason }),
  );
}
