import { createGtt, deleteGtt, listGtts } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { createGtt as createGttUseCase } from '../use-cases/gtt/create-gtt.js';
import { listGtts as listGttsUseCase } from '../use-cases/gtt/list-gtts.js';
import { removeGtt } from '../use-cases/gtt/remove-gtt.js';
import { registerCall } from './register-call.js';

/** GTT orders in the investor app (docs/adr/0031-gtt-and-after-market-orders.md). */
export function registerGttRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listGtts, (_body, context) => listGttsUseCase(deps, context, {}));
  registerCall(app, deps, createGtt, (body, context) => createGttUseCase(deps, context, body));
  registerCall(app, deps, deleteGtt, (body, context) => removeGtt(deps, context, body));
}
