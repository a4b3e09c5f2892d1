import type { ParameterName } from '@nivesh/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../application/app-error.js';
import type { AppDeps, RequestContext, UserContext } from '../../application/context.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { PAPER_BOOK_HEADER } from '../paper-calls.js';
import type { RateLimits } from '../rate-limits.js';
import { requestContext } from '../register-call.js';
import { authenticateKite, kiteCredentialsOf } from './kite-auth.js';
import { kiteErrorBody, kiteErrorOf } from './kite-errors.js';

/** Which of Kite's documented rate limits a route counts against (a parameter each). */
export type KiteRateClass = 'quote' | 'historical' | 'orders' | 'other';

const RATE_PARAMETER = {
  quote: 'kite_rate_quote_per_second',
  historical: 'kite_rate_historical_per_second',
  orders: 'kite_rate_orders_per_second',
  other: 'kite_rate_other_per_second',
} as const satisfies Record<KiteRateClass, ParameterName>;

/** A CSV reply: Kite's instrument dumps are `text/csv` exactly (reference §2, §4). */
export class CsvReply {
  constructor(readonly text: string) {}
}

/** Request fields: the query string for GET and DELETE, the form or JSON body otherwise. */
export type KiteFields = Record<string, unknown>;

export interface KiteTransport {
  app: FastifyInstance;
  deps: AppDeps;
  limits: RateLimits;
}

export function sendKiteError(reply: FastifyReply, error: unknown, context: RequestContext) {
  if (!(error instanceof AppError)) throw error;
  return reply
    .status(kiteErrorOf(error.code).httpStatus)
    .header('content-type', 'application/json')
    .send(kiteErrorBody(error.code, context.language, error.params));
}

function fieldsOf(request: FastifyRequest): KiteFields {
  const query = (request.query ?? {}) as KiteFields;
  if (request.method === 'GET' || request.method === 'DELETE') return query;
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? { ...query, ...(body as KiteFields) }
    : query;
}

/**
 * Mounts one Kite route: authenticates the `Authorization` header, counts the app's requests
 * against its rate class (429 beyond the parameter, Kite's NetworkException), runs the handler over
 * the same use cases as the app's calls, and answers `{status: "success", data}` or Kite's error
 * envelope. Kite's client reads any JSON body with `error_type` as an error, so none is sent on
 * success.
 */
export function kiteRoute(
  transport: KiteTransport,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  rateClass: KiteRateClass,
  handler: (input: { context: UserContext; fields: KiteFields; request: FastifyRequest }) => Promise<unknown>,
): void {
  const { app, deps, limits } = transport;
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const base = requestContext(deps, request);
      try {
        const { context, session } = await authenticateKite(deps, base, kiteCredentialsOf(request));
        // A paper app's every answer says so (docs/adr/0026-paper-trading.md).
        const isPaper = context.user.book === 'paper';
        if (isPaper) reply.header(PAPER_BOOK_HEADER, 'paper');
        const windowMs = 1_000;
        const count = await limits.countHit(`kite-${rateClass}:${session.appId}`, windowMs);
        if (count > (await readParameter(deps.db, RATE_PARAMETER[rateClass])))
          throw new AppError('TOO_FREQUENT');
        const data = await handler({ context, fields: fieldsOf(request), request });
        if (data instanceof CsvReply) return reply.header('content-type', 'text/csv').send(data.text);
        return reply
          .header('content-type', 'application/json')
          .send(isPaper ? { status: 'success', data, book: 'paper' } : { status: 'success', data });
      } catch (error) {
        return sendKiteError(reply, error, base);
      }
    },
  });
}

/** A route without a session (the session calls themselves): same envelope, no rate class. */
export function kitePublicRoute(
  transport: KiteTransport,
  method: 'POST' | 'DELETE',
  url: string,
  handler: (input: { context: RequestContext; fields: KiteFields }) => Promise<unknown>,
): void {
  const { app, deps } = transport;
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const context = requestContext(deps, request);
      try {
        const data = await handler({ context, fields: fieldsOf(request) });
        return reply.header('content-type', 'application/json').send({ status: 'success', data });
      } catch (error) {
        return sendKiteError(reply, error, context);
      }
    },
  });
}
