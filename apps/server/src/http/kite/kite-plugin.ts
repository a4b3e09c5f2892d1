import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../application/context.js';
import type { RateLimits } from '../rate-limits.js';
import { requestContext } from '../register-call.js';
import { KiteInstrumentIndex } from './instrument-index.js';
import { registerKiteAccountRoutes } from './kite-account.routes.js';
import { kiteErrorBody } from './kite-errors.js';
import { registerKiteGttRoutes } from './kite-gtt.routes.js';
import { registerKiteLoginPage } from './kite-login-page.js';
import { registerKiteMarketRoutes } from './kite-market.routes.js';
import { registerKiteOrderRoutes } from './kite-orders.routes.js';
import type { KiteTransport } from './kite-route.js';
import { registerKiteSessionRoutes } from './kite-session.routes.js';
import { registerKiteTicker } from './kite-ticker.js';

/** Form bodies of the Kite client are small: an order is a few hundred bytes. */
const FORM_BODY_LIMIT_BYTES = 65_536;

/**
 * The Kite Connect v3-compatible transport under `/kite` (docs/adr/0025; reference
 * kite-connect-v3.md): its own wire (form bodies, Kite's envelope and exception types, numeric
 * instrument tokens, CSV dumps) over the same use cases as the app's calls, so no trading rule is
 * written twice. Its error and not-found handlers answer in Kite's envelope and stay inside it.
 */
export function registerKiteRoutes(app: FastifyInstance, deps: AppDeps, limits: RateLimits): void {
  app.register(
    async (kite) => {
      kite.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
        (_request, body, done) => {
          const parsed = parseQueryString(body as string);
          // A repeated form key keeps its last value: Kite's form bodies repeat none.
          done(
            null,
            Object.fromEntries(
              Object.entries(parsed).map(([key, value]) => [
                key,
                Array.isArray(value) ? value.at(-1) : value,
              ]),
            ),
          );
        },
      );
      kite.setErrorHandler((error: { statusCode?: number }, request, reply) => {
        const context = requestContext(deps, request);
        if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
          return reply
            .status(400)
            .send(
              kiteErrorBody('KITE_INPUT_INVALID', context.language, { field: 'body', reason: 'malformed' }),
            );
        request.log.error({ err: error, errorId: request.id }, 'internal error on the Kite transport');
        return reply
          .status(500)
          .send(kiteErrorBody('SYSTEM_BUSY', context.language, { errorId: request.id }));
      });
      const answerNotFound = (request: FastifyRequest, reply: FastifyReply) =>
        reply
          .status(404)
          .header('content-type', 'application/json')
          .send(
            kiteErrorBody('ROUTE_NOT_FOUND', requestContext(deps, request).language, {
              path: request.url.split('?')[0] ?? '',
            }),
          );
      kite.setNotFoundHandler(answerNotFound);
      // The investor app's static files are served at `/*` (GET), whose not-found handler is the
      // app's: an explicit `/kite/*` route is more specific than it, so an unknown Kite route
      // answers Kite's envelope (GeneralException, 404) whatever is mounted at the root.
      kite.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
        url: '/*',
        schema: { hide: true },
        handler: answerNotFound,
      });
      const transport: KiteTransport = { app: kite, deps, limits };
      const index = new KiteInstrumentIndex(deps.db);
      registerKiteLoginPage(transport);
      registerKiteSessionRoutes(transport);
      registerKiteAccountRoutes(transport, index);
      registerKiteOrderRoutes(transport, index);
      registerKiteMarketRoutes(transport, index);
      registerKiteGttRoutes(transport, index);
      registerKiteTicker(transport, index, app.marketBus, deps.userEvents, app.connectionSlots);
    },
    { prefix: '/kite' },
  );
}
