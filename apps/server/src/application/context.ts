import type { Language, StaffRoleName } from '@nivesh/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import type { FeedSwitch } from '../market/feed-switch.js';
import type { MarketCalendar } from '../market/market-calendar.js';
import type { UserEventChannel } from '../streaming/user-events.js';
import type { LivePrices } from '../trading/live-prices.js';
import type { PositionChanges } from '../trading/position-changes.js';

/** What every route and use case may use: handed in, never imported as a singleton. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Events to one investor's sockets, on every server process (fills, messages, sign-outs). */
  userEvents: UserEventChannel;
  /** The newest feed price per symbol (trading). */
  prices: LivePrices;
  /** Orders and positions changed by this process, for the engine's index (trading). */
  positionChanges: PositionChanges;
  /** The NSE calendar this process trades by: built-in rows plus those staff added. */
  calendar: MarketCalendar;
  /** Starts and stops the simulated feed from the console; absent when nothing can be switched. */
  feedSwitch?: FeedSwitch | undefined;
}

export interface SessionUser {
  id: bigint;
  phone: string;
  sessionId: bigint;
  flags: ReadonlySet<UserFlag>;
  /** As of this request (trading checks them). */
  kycStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
  dayTradingStatus: 'none' | 'pending' | 'approved' | 'rejected';
}

/** One request as a use case sees it. */
export interface RequestContext {
  requestId: string;
  language: Language;
  ip: string;
  userAgent: string | undefined;
  /** The clock's time when the request arrived, epoch ms. */
  nowMs: number;
}

export interface UserContext extends RequestContext {
  user: SessionUser;
}

export interface StaffMember {
  id: bigint;
  username: string;
  displayName: string;
  roles: ReadonlySet<StaffRoleName>;
  sessionId: bigint;
}

export interface StaffContext extends RequestContext {
  staff: StaffMember;
}
