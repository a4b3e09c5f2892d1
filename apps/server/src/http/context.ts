import type { Language } from '@nivesh/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import type { FeedSwitch } from '../market/feed-switch.js';
import type { UserEventChannel } from '../streaming/user-events.js';

/** What every route and use case may use: handed in, never imported as a singleton. */
export interface AppDeps {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The per-user event channel: publish after a transaction commits (fills, messages). */
  userEvents: UserEventChannel;
  /** Starts and stops the simulated feed from the console; absent when nothing can be switched. */
  feedSwitch?: FeedSwitch | undefined;
}

export interface SessionUser {
  id: bigint;
  phone: string;
  sessionId: bigint;
  flags: ReadonlySet<UserFlag>;
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
