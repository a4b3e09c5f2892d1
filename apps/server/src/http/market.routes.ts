import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './context.js';

/** Quotes, candles, market lists and search (issue 5). */
export function registerMarketRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
