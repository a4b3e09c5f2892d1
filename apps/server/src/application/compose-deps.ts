import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { FeedSwitch } from '../market/feed-switch.js';
import { MarketCalendar } from '../market/market-calendar.js';
import { MarketListSnapshots } from '../market/market-list-snapshots.js';
import type { UserEventChannel } from '../streaming/user-events.js';
import { GttChanges } from '../trading/gtt-changes.js';
import { LivePrices } from '../trading/live-prices.js';
import { PositionChanges } from '../trading/position-changes.js';
import { PriceAlertChanges } from '../trading/price-alert-changes.js';
import type { AppDeps } from './context.js';
import { SessionCache } from './session-cache.js';

/** Sessions kept per process at most; past it the cache starts again empty. */
const SESSION_CACHE_ENTRIES_MAX = 200_000;

export interface ComposeDepsOptions {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** In-process, or the Redis fan-out's when several processes serve the same investors. */
  userEvents: UserEventChannel;
  feedSwitch?: FeedSwitch | undefined;
  /** How long a cached session stays usable without a change notice; 0 keeps none (docs/adr/0030). */
  sessionCacheMs: number;
  /** How long market/list serves a segment from memory; 0 reads every time (docs/adr/0036). */
  marketListCacheMs?: number;
}

/**
 * The application's dependencies, built once per process: the transport (http/) and the engine
 * receive them; nothing imports them as singletons. The calendar is read from the database here so
 * the first request already trades by staff-added holidays.
 */
export async function composeDeps(options: ComposeDepsOptions): Promise<AppDeps> {
  const calendar = new MarketCalendar();
  await calendar.reload(options.db);
  return {
    db: options.db,
    config: options.config,
    clock: options.clock,
    log: options.log,
    userEvents: options.userEvents,
    prices: new LivePrices(options.db),
    positionChanges: new PositionChanges((error) =>
      options.log.error({ err: error }, 'a position listener failed'),
    ),
    priceAlertChanges: new PriceAlertChanges((error) =>
      options.log.error({ err: error }, 'a price alert listener failed'),
    ),
    gttChanges: new GttChanges((error) => options.log.error({ err: error }, 'a GTT listener failed')),
    calendar,
    feedSwitch: options.feedSwitch,
    sessions: new SessionCache({ maxAgeMs: options.sessionCacheMs, maxEntries: SESSION_CACHE_ENTRIES_MAX }),
    marketList: new MarketListSnapshots(options.marketListCacheMs ?? 0),
  };
}
