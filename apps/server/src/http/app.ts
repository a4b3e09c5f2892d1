import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { httpStatusOf } from '@nivesh/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../application/app-error.js';
import { composeDeps } from '../application/compose-deps.js';
import { listenForSessionChanges } from '../application/session-cache.js';
import { StartupProgress } from '../application/startup-progress.js';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { DatabaseListen, Db } from '../db/database.js';
import { registerTradingEngine } from '../engine/register-engine.js';
import type { FeedSwitch } from '../market/feed-switch.js';
import { MarketBus } from '../market/market-bus.js';
import type { MarketCalendar } from '../market/market-calendar.js';
import { limitPasswordHashing } from '../security/passwords.js';
import { registerMarketStream } from '../streaming/market-stream.js';
import { RedisFanOut } from '../streaming/redis-fan-out.js';
import type { StreamHub } from '../streaming/stream-hub.js';
import { UserEvents } from '../streaming/user-events.js';
import { registerAdmission } from './admission.js';
import { type ConnectionSlots, MemoryConnectionSlots, RedisConnectionSlots } from './connection-slots.js';
import { refusalReply, replyJson } from './envelope.js';
import { requestLanguage } from './language.js';
import { registerOpenApiRoutes } from './openapi.js';
import { plainTextKeyword } from './plain-text.js';
import { MemoryCounterStore, RedisCounterStore, rateLimits } from './rate-limits.js';
import { registerRoutes } from './routes.js';
import { registerSecurityHeaders } from './security-headers.js';

export const JSON_BODY_LIMIT_BYTES = 1_048_576;
const REQUEST_TIMEOUT_MS = 10_000;

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  /** false in tests; a pino options object otherwise. */
  logger?: boolean | Record<string, unknown>;
  /**
   * The bus the market publishes ticks into; when absent, a fresh in-process one, or with
   * REDIS_URL the Redis fan-out's, which also hears the markets of other processes.
   */
  marketBus?: MarketBus;
  /** The console's feed control; main.ts attaches the running simulator to it. */
  feedSwitch?: FeedSwitch;
  /**
   * How the trading engine is led: `always` (one process, PGlite; the default) or `advisory_lock`
   * (PostgreSQL with possibly several processes: ADR 0007). False runs no engine here.
   */
  engine?: false | { leadership: 'always' | 'advisory_lock'; syncIntervalMs?: number };
  /**
   * The database's LISTEN (DatabaseHandle.listen): with it, investors' sessions are kept in memory
   * and forgotten on the change notices of migration 0046 (docs/adr/0030). Without it every call
   * reads its session from the database.
   */
  listen?: DatabaseListen;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket connections of this process (tests re-check sessions through it). */
    streamHub: StreamHub;
    /** The NSE calendar this process trades by (the market's simulator reads it too). */
    marketCalendar: MarketCalendar;
    /** Ready unless main.ts is still making the market's history (health answers 503 meanwhile). */
    startup: StartupProgress;
    /** Slots of connections bounded per key, shared by every process with Redis (connection-slots.ts). */
    connectionSlots: ConnectionSlots;
  }
}

// Secrets and personal data never reach the logs.
export const LOG_REDACTIONS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-staff-token"]',
  'res.headers["set-cookie"]',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.config.logLevel,
            redact: LOG_REDACTIONS,
            ...(options.logger === true ? {} : options.logger),
          },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: options.config.trustProxy,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false },
      plugins: [plainTextKeyword],
    },
  });
  app.setSerializerCompiler(() => replyJson);

  const redis = options.config.redisUrl
    ? new Redis(options.config.redisUrl, { lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // With Redis, ticks and user events reach the sockets of every server process (redis-fan-out.ts).
  const fanOut = redis
    ? await RedisFanOut.connect(redis, options.config.redisChannelPrefix, (error, context) =>
        app.log.error({ err: error }, context),
      )
    : undefined;
  if (fanOut) app.addHook('onClose', async () => fanOut.close());
  const marketBus =
    options.marketBus ??
    fanOut?.marketBus ??
    new MarketBus((error) => app.log.error({ err: error }, 'a market bus listener failed'));
  const userEvents =
    fanOut?.userEvents ??
    new UserEvents((error) => app.log.error({ err: error }, 'a user event listener failed'));
  const deps = await composeDeps({
    db: options.db,
    config: options.config,
    clock: options.clock,
    log: app.log,
    userEvents,
    feedSwitch: options.feedSwitch,
    sessionCacheMs: options.listen ? options.config.capacity.sessionCacheMs : 0,
    marketListCacheMs: options.config.capacity.marketListCacheMs,
  });
  if (options.listen && options.config.capacity.sessionCacheMs > 0) {
    const stopListening = listenForSessionChanges(options.listen, deps.sessions, (error) =>
      app.log.warn(
        { err: error },
        'session change notices lost; sessions are read from the database until they return',
      ),
    );
    app.addHook('onClose', async () => stopListening());
  } else {
    app.addHook('onClose', async () => deps.sessions.close());
  }
  const admission = await registerAdmission(app, options.config.capacity);
  limitPasswordHashing(options.config.capacity.signInConcurrency);

  // Hooks on every request take a callback rather than return a promise: no promise to settle per
  // request (docs/adr/0038).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API replies carry account data or session tokens: no browser or proxy may keep them
    // (docs/api.md, "Envelope"). A route that chose its own policy (stored files) keeps it.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // The spec's clients post some calls with no body at all; treat that as an empty object.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
    done();
  });

  registerSecurityHeaders(app, path.join(options.config.webDistDir, 'index.html'));
  const counters = redis
    ? new RedisCounterStore(redis, options.config.redisChannelPrefix)
    : new MemoryCounterStore();
  // Connections bounded per key (the Kite ticker's per app) are counted by all processes together.
  const connectionSlots: ConnectionSlots = redis
    ? new RedisConnectionSlots(redis, options.config.redisChannelPrefix, (error) =>
        app.log.error({ err: error }, 'renewing connection slots failed'),
      )
    : new MemoryConnectionSlots();
  app.addHook('onClose', async () => connectionSlots.close());
  app.decorate('connectionSlots', connectionSlots);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nivesh API',
        version: '0.1.0',
        description:
          'Every call is POST /api/vue/<area>/<action> with JSON; the reply is {status, msg, data}. ' +
          'Status 1 is success; status 0 carries code, msg (in the request language) and params.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          account: { type: 'apiKey', in: 'header', name: 'account' },
          staffToken: { type: 'apiKey', in: 'header', name: 'x-staff-token' },
        },
      },
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      return reply.status(httpStatusOf(error.code)).send(refusalReply(error.code, language, error.params));
    }
    if (error.validation) {
      const issue = error.validation[0];
      const params = (issue?.params ?? {}) as Record<string, unknown>;
      const property =
        (params.missingProperty as string | undefined) ?? (params.additionalProperty as string | undefined);
      const path = `${issue?.instancePath ?? ''}${property ? `/${property}` : ''}`.replace(/^\//, '');
      const field = path.replaceAll('/', '.') || error.validationContext || 'body';
      const reason = params.additionalProperty
        ? 'unknown field'
        : params.missingProperty
          ? 'required'
          : (issue?.message ?? 'invalid');
      return reply.status(400).send(refusalReply('VALIDATION_FAILED', language, { field, reason }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send(refusalReply('PAYLOAD_TOO_LARGE', language, { limitBytes: JSON_BODY_LIMIT_BYTES }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(400)
        .send(refusalReply('VALIDATION_FAILED', language, { field: 'body', reason: error.message }));
    }
    // An internal error: the reply names the request id, the log line carries it with the cause.
    request.log.error({ err: error, errorId: request.id }, 'internal error');
    return reply.status(500).send(refusalReply('SYSTEM_BUSY', language, { errorId: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request);
    return reply
      .status(404)
      .send(refusalReply('ROUTE_NOT_FOUND', language, { path: request.url.split('?')[0] ?? '' }));
  });

  app.decorate('marketBus', marketBus);
  marketBus.onTicks(deps.prices.onBatch);
  registerTradingEngine(app, deps, marketBus, options.engine ?? { leadership: 'always' });
  app.decorate('userEvents', userEvents);
  app.decorate('marketCalendar', deps.calendar);
  app.decorate('streamHub', await registerMarketStream(app, deps, { bus: marketBus, userEvents }));

  registerRoutes(
    app,
    deps,
    rateLimits(counters, () => options.clock.now()),
  );
  registerOpenApiRoutes(app);
  const startup = new StartupProgress();
  app.decorate('startup', startup);
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    const engineLeader = app.engineLeadership?.isLeader ?? false;
    const { ready, step, percent } = startup.state;
    if (ready) return { status: 'ok', engineLeader, admission };
    return reply.code(503).send({ status: 'starting', step, percent, engineLeader, admission });
  });

  await serveFrontEnds(app, options.config);
  return app;
}

/** The built investor app at `/` and the console at `/console/`; a hint when not built yet. */
async function serveFrontEnds(app: FastifyInstance, config: ServerConfig) {
  const notBuilt = (name: string) => async () =>
    `${name} is not built yet: run "npm run build" (npm start builds it for you).`;
  if (existsSync(config.consoleDistDir)) {
    await app.register(fastifyStatic, {
      root: config.consoleDistDir,
      prefix: '/console/',
      decorateReply: false,
    });
  } else {
    app.get('/console/', notBuilt('The console'));
  }
  if (existsSync(config.webDistDir)) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      decorateReply: false,
      // The web build writes .br and .gz beside each text file; the smaller one the client accepts is sent.
      preCompressed: true,
      // The service worker must be re-checked on every load so a new release takes over.
      setHeaders: (reply, filePath) => {
        if (filePath.endsWith('sw.js') || filePath.endsWith('index.html'))
          reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.get('/', notBuilt('The investor app'));
  }
}
