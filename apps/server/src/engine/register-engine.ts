import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import type { MarketBus } from '../market/market-bus.js';
import { ADVISORY_LOCK_KEYS, AdvisoryLockLeader, AlwaysLeader, type Leadership } from './leader.js';
import { TradingEngine } from './trading-engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading engine (active only while this process leads); undefined when disabled. */
    tradingEngine: TradingEngine | undefined;
    /** Whether this process leads the engine and its scheduled jobs. */
    engineLeadership: Leadership | undefined;
  }
}

/**
 * Creates the engine and its leadership: it starts competing when the app is ready and gives
 * leadership up when the app closes. The leader runs a sweep every second for scheduled work: the
 * sweep is its only home (never the price path), and a second keeps a copy-trading mirror or an
 * IPO step as prompt as the feed's beat did (ADR 0007).
 */
export function registerTradingEngine(
  app: FastifyInstance,
  deps: AppDeps,
  bus: MarketBus,
  options: false | { leadership: 'always' | 'advisory_lock'; syncIntervalMs?: number },
): void {
  if (options === false) {
    app.decorate('tradingEngine', undefined);
    app.decorate('engineLeadership', undefined);
    return;
  }
  const multiProcess = options.leadership === 'advisory_lock';
  const engine = new TradingEngine({
    deps,
    bus,
    syncIntervalMs: options.syncIntervalMs ?? (multiProcess ? 1_000 : 0),
    // Tests drive scheduled work with their clock; a running server sweeps every minute.
    sweepPattern: deps.config.nodeEnv === 'test' ? null : '* * * * * *',
  });
  const leadership: Leadership = multiProcess
    ? new AdvisoryLockLeader(deps.db, {
        key: ADVISORY_LOCK_KEYS.tradingEngine,
        onError: (error) => deps.log.warn({ err: error }, 'engine leadership: connection failed'),
      })
    : new AlwaysLeader();
  app.decorate('tradingEngine', engine);
  app.decorate('engineLeadership', leadership);
  app.addHook('onReady', async () => {
    leadership.start((leader) => {
      deps.log.info({ leader }, leader ? 'this process leads the trading engine' : 'engine leadership lost');
      void engine.setActive(leader);
    });
    // With one process, be ready before the first request.
    if (!multiProcess) await engine.setActive(true);
  });
  app.addHook('onClose', async () => {
    await leadership.stop();
    await engine.setActive(false);
  });
}
