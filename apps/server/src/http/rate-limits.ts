import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from './app-error.js';

// `req.ip` is missing in injected WebSocket requests; never let that turn into a 500.
const ipOf = (request: FastifyRequest) => request.ip ?? 'unknown';
const accountOf = (request: FastifyRequest) => {
  const body = request.body as { account?: unknown } | undefined;
  return typeof body?.account === 'string' ? body.account.replace(/\D/g, '').slice(-10) : 'none';
};

const tooFrequent = () => new AppError('TOO_FREQUENT');

/**
 * The limits DESIGN.md section 7 asks for. Counters live in the process, or in Redis when
 * REDIS_URL is set so that every server process counts together.
 */
export function rateLimits(app: FastifyInstance) {
  const limit = (
    name: string,
    max: number,
    timeWindowMs: number,
    key: (request: FastifyRequest) => string,
  ): preHandlerHookHandler =>
    app.rateLimit({
      max,
      timeWindow: timeWindowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
      errorResponseBuilder: tooFrequent,
    });
  return {
    loginPerAccount: limit('login-account', 10, 15 * 60_000, accountOf),
    loginPerAddress: limit('login-address', 50, 15 * 60_000, ipOf),
    registerPerAddress: limit('register-address', 10, 60 * 60_000, ipOf),
    resetPerAccount: limit('reset-account', 5, 15 * 60_000, accountOf),
    /** Money-moving calls of one investor: "submitting too frequently" beyond 10 a minute. */
    fundActionPerUser: limit('fund-action', 10, 60_000, (request) => String(request.headers.token ?? ipOf(request))),
  };
}

export type RateLimits = ReturnType<typeof rateLimits>;
