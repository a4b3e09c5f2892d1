import { createPriceAlert, deletePriceAlert, listPriceAlerts } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { createPriceAlert as createPriceAlertUseCase } from '../use-cases/alerts/create-price-alert.js';
import { deletePriceAlert as deletePriceAlertUseCase } from '../use-cases/alerts/delete-price-alert.js';
import { listPriceAlerts as listPriceAlertsUseCase } from '../use-cases/alerts/list-price-alerts.js';
import { registerCall } from './register-call.js';

/** Price alerts (docs/adr/0034-price-alerts.md). */
export function registerAlertRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listPriceAlerts, (body, context) => listPriceAlertsUseCase(deps, context, body));
  registerCall(app, deps, createPriceAlert, (body, context) => createPriceAlertUseCase(deps, context, body));
  registerCall(app, deps, deletePriceAlert, (body, context) => deletePriceAlertUseCase(deps, context, body));
}
