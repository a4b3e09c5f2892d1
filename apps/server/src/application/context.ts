import type { BodyOf, CallDefinition, DataOf, Language, StaffRoleName } from '@nivesh/contract';
import type { LedgerBook } from '@nivesh/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import type { FeedSwitch } from '../market/feed-switch.js';
import type { MarketCalendar } from '../market/market-calendar.js';
import type { MarketListSnapshots } from '../market/market-list-snapshots.js';
import type { LiveSession } from '../repositories/session.repository.js';
import type { UserEventChannel } from '../streaming/user-events.js';
import type { GttChanges } from '../trading/gtt-changes.js';
import type { LivePrices } from '../trading/live-prices.js';
import type { PositionChanges } from '../trading/position-changes.js';
import type { PriceAlertChanges } from '../trading/price-alert-changes.js';
import type { SessionCache } from './session-cache.js';

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
  /** Price alerts created or deleted by this process, for the engine's index (docs/adr/0034). */
  priceAlertChanges: PriceAlertChanges;
  /** GTTs changed by this process, for the engine's index (docs/adr/0031). */
  gttChanges: GttChanges;
  /** The NSE calendar this process trades by: built-in rows plus those staff added. */
  calendar: MarketCalendar;
  /** Starts and stops the simulated feed from the console; absent when nothing can be switched. */
  feedSwitch?: FeedSwitch | undefined;
  /**
   * Investors' sessions kept in this process (docs/adr/0030); it serves nothing unless change
   * notices reach it (listenForSessionChanges), so a process without them reads every time.
   */
  sessions: SessionCache<AuthenticatedSessionValue>;
  /** The market screen's lists, served from memory for a bounded time (docs/adr/0036). */
  marketList: MarketListSnapshots;
}

/** What the session cache keeps per token: the session and whether its second factor is on. */
export interface AuthenticatedSessionValue {
  session: LiveSession;
  hasSecondFactor: boolean;
}

export interface SessionUser {
  id: bigint;
  phone: string;
  sessionId: bigint;
  flags: ReadonlySet<UserFlag>;
  /** As of this request (trading checks them). */
  kycStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
  dayTradingStatus: 'none' | 'pending' | 'approved' | 'rejected';
  /**
   * The book the session acts in (docs/adr/0026-paper-trading.md). In 'paper', `id` is the paper
   * account's for the calls that trade and read the book, and the investor's for the calls about the
   * person (security, messages, watchlists); every other call is refused with PAPER_NOT_ALLOWED.
   */
  book: LedgerBook;
  /** The investor's own users row, whichever book the session acts in. */
  realUserId: bigint;
  /** The investor's current paper account while the session is in paper, else null. */
  paperUserId: bigint | null;
}

/** One request as a use case sees it. */
export interface RequestContext {
  requestId: string;
  language: Language;
  ip: string;
  userAgent: string | undefined;
  /**
   * The origin the request was addressed to (`https://host:port`, from the Host header and the
   * protocol, behind a trusted proxy its forwarded ones): the default passkey relying party
   * (docs/adr/0028-passkeys.md). Absent where no HTTP request stands behind the context.
   */
  origin?: string;
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

/**
 * A use case that answers one call of the contract: given the dependencies, the caller and the
 * call's validated body, it answers the call's data. Typed by the call, a use case's input and reply
 * come from one definition. InvestorUseCase, StaffUseCase and PublicUseCase name the caller.
 */
export type CallUseCase<Call extends CallDefinition, Caller extends RequestContext> = (
  deps: AppDeps,
  context: Caller,
  input: BodyOf<Call>,
) => Promise<DataOf<Call>>;

/** A use case of an investor's call (a signed-in session). */
export type InvestorUseCase<Call extends CallDefinition> = CallUseCase<Call, UserContext>;

/** A use case of a console call (a signed-in staff member whose roles the call allows). */
export type StaffUseCase<Call extends CallDefinition> = CallUseCase<Call, StaffContext>;

/** A use case of a call anyone may make (no session). */
export type PublicUseCase<Call extends CallDefinition> = CallUseCase<Call, RequestContext>;
