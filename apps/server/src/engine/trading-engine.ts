import {
  lastCloseAtOrBefore,
  lastSquareOffAtOrBefore,
  orderLevelOf,
  TriggerIndex,
  type TriggerItem,
} from '@nivesh/core';
import { Cron } from 'croner';
import type { AppDeps } from '../application/context.js';
import type { MarketBus, TickBatch } from '../market/market-bus.js';
import { findGtt, findGttsChangedSince, type GttRecord } from '../repositories/gtt.repository.js';
import {
  findPosition,
  findPositionsChangedSince,
  type PositionRecord,
} from '../repositories/position.repository.js';
import { findActivePriceAlerts, type PriceAlertRecord } from '../repositories/price-alert.repository.js';
import { findPricesTickedAfter } from '../repositories/quote.repository.js';
import { readTradingParameters } from '../repositories/trading-parameters.repository.js';
import type { PriceAlertChange } from '../trading/price-alert-changes.js';
import { runAccountPurgeDueWork } from '../use-cases/accounts/purge-closed-accounts.js';
import { firePriceAlert } from '../use-cases/alerts/fire-price-alert.js';
import { expireGtts } from '../use-cases/gtt/expire-gtts.js';
import { fireGtt, gttLevelsOfRecord } from '../use-cases/gtt/fire-gtt.js';
import { runIpoDueWork } from '../use-cases/ipo/run-ipo-due-work.js';
import { releaseAfterMarketOrders } from '../use-cases/kite/release-after-market-orders.js';
import { runLendingDueWork } from '../use-cases/lending/run-lending-due-work.js';
import { chargeMtfInterest } from '../use-cases/trading/charge-mtf-interest.js';
import { expireDayOrders } from '../use-cases/trading/expire-day-orders.js';
import { fillPendingOrder } from '../use-cases/trading/fill-pending-order.js';
import { forceClosePosition } from '../use-cases/trading/force-close-position.js';
import { squareOffIntraday } from '../use-cases/trading/square-off-intraday.js';
import { AlertsJob } from './jobs/alerts.js';
import { fixBlockReferencesDue } from './jobs/block-references.js';
import { ContractNotesJob } from './jobs/contract-notes.js';
import { DailyReportsJob } from './jobs/daily-reports.js';
import { runFollowWork } from './jobs/follow.js';
import { runLoanDueWork } from './jobs/loans.js';

/**
 * An indexed order (fires a fill), holding (fires a stop-out), GTT leg (places the GTT's order,
 * docs/adr/0031) or price alert (fires a notice, docs/adr/0034). Orders and holdings are keyed by
 * their position id (positive); GTT legs and alerts by negative keys in residues of their own
 * (gttIndexKeyOf, alertIndexKeyOf), so no two id spaces meet in the one index.
 */
export interface EngineItem extends TriggerItem {
  kind: 'order' | 'stop_out' | 'gtt' | 'price_alert';
  /** The GTT a `gtt` item is a leg of. */
  gttId?: bigint;
  /** The alert a `price_alert` item fires. */
  alert?: PriceAlertRecord;
}

/** The index key of a GTT's leg (0 or 1): -(4 id + leg) - 1, never a position's or an alert's. */
export function gttIndexKeyOf(gttId: bigint, leg: number): bigint {
  return -(gttId * 4n + BigInt(leg)) - 1n;
}

/** The index key of a price alert: -(4 id + 2) - 1, never a position's or a GTT leg's. */
export function alertIndexKeyOf(alertId: bigint): bigint {
  return -(alertId * 4n + 2n) - 1n;
}

/** A price alert's place in the index (docs/adr/0034-price-alerts.md): at its level, on its side. */
export function alertItemOf(alert: PriceAlertRecord): EngineItem {
  return {
    id: alertIndexKeyOf(alert.id),
    symbol: alert.symbol,
    direction: alert.direction,
    levelPaise: alert.levelPaise,
    kind: 'price_alert',
    alert,
  };
}

/** Where an active GTT's legs wait in the index (core's levels, as its orders'); none once it ended. */
export function engineItemsOfGtt(gtt: GttRecord): EngineItem[] {
  if (gtt.status !== 'active') return [];
  return gttLevelsOfRecord(gtt).map((level, leg) => ({
    id: gttIndexKeyOf(gtt.id, leg),
    symbol: gtt.symbol,
    kind: 'gtt' as const,
    gttId: gtt.id,
    ...level,
  }));
}

/**
 * Where a position waits in the index, or undefined when it waits for nothing: a pending order where
 * core's matching rule says it waits (orderLevelOf: at its limit, or at its trigger until armed); a
 * long holding stops out at or below its stop-out price, a short one at or above.
 */
export function engineItemOf(position: PositionRecord): EngineItem | undefined {
  const base = { id: position.id, symbol: position.symbol };
  if (position.state === 'pending') {
    const level = orderLevelOf(position);
    return level ? { ...base, kind: 'order', ...level } : undefined;
  }
  if (
    position.state === 'holding' &&
    position.stopOutPricePaise !== null &&
    position.stopOutPricePaise > 0n
  ) {
    return {
      ...base,
      kind: 'stop_out',
      direction: position.side === 'long' ? 'at_or_below' : 'at_or_above',
      levelPaise: position.stopOutPricePaise,
    };
  }
  return undefined;
}

export interface TradingEngineOptions {
  deps: AppDeps;
  bus: MarketBus;
  /**
   * Every this many ms the leader re-reads positions changed by other processes and quotes stored
   * by a feed in another process (PostgreSQL with several processes); 0 turns it off (one process).
   */
  syncIntervalMs: number;
  /** How far back each re-read reaches before the previous one, against commits that land late. */
  syncOverlapMs?: number;
  /** Cron pattern of the sweep, the one home of scheduled work; null for none (tests call runDueWork). */
  sweepPattern?: string | null;
}

/**
 * The trading engine (DESIGN §5, ADR 0007). While this process leads, it keeps every pending order
 * and every holding's stop-out level in a per-symbol trigger index, and on each feed tick takes only
 * the entries the price crosses and acts on them one at a time: fills (at the tick, the limit or
 * better) and stop-outs. The scheduled work (the intraday square-off at 15:20 IST, the expiry of day
 * orders at the session close, and every product's due work) has one home, the sweep: it runs at
 * start and then on the sweep's timer, never on the price path, so a burst of ticks costs no more
 * than its crossings. Every action is idempotent (entry keys, row state under FOR UPDATE), audited
 * with the system as actor, and tells the investor (message and WebSocket event).
 */
/** How often the sweep looks for closed accounts whose retention has run. */
const ACCOUNT_PURGE_INTERVAL_MS = 3_600_000;

/** How often the sweep expires GTTs whose year ran out (a fired one is checked when it fires). */
const GTT_EXPIRY_INTERVAL_MS = 60_000;

export class TradingEngine {
  private readonly index = new TriggerIndex<EngineItem>();
  private readonly deps: AppDeps;
  private readonly bus: MarketBus;
  private readonly options: TradingEngineOptions;
  private readonly queue: Array<() => Promise<void>> = [];
  private draining: Promise<void> | undefined;
  private running = false;
  private stopping: Array<() => void> = [];
  private lastSyncedAt = new Date(0);
  private lastAlertSyncMs = 0;
  private lastQuoteTickMs = 0;
  private squareOffDoneForMs = 0;
  private expiryDoneForMs = 0;
  private accountPurgeRunAtMs = 0;
  private gttExpiryRunAtMs = 0;
  private syncing = false;
  private transition: Promise<void> = Promise.resolve();
  private readonly contractNotes = new ContractNotesJob();
  private readonly dailyReports = new DailyReportsJob();
  private readonly alerts = new AlertsJob();

  constructor(options: TradingEngineOptions) {
    this.options = options;
    this.deps = options.deps;
    this.bus = options.bus;
  }

  /** The dependencies the engine acts with (tests call its use cases directly with them). */
  get dependencies(): AppDeps {
    return this.deps;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** How many orders, holdings and price alerts wait in the index. */
  get indexedCount(): number {
    return this.index.size;
  }

  /** Becomes active (on gaining leadership) or inactive (on losing it); calls are serialised. */
  setActive(active: boolean): Promise<void> {
    this.transition = this.transition
      .then(() => (active ? this.start() : this.stop()))
      .catch((error) => this.deps.log.error({ err: error }, 'trading engine start or stop failed'));
    return this.transition;
  }

  /**
   * Loads every pending order and holding, subscribes to ticks and to this process's position
   * changes, then acts on what the latest known prices already cross and on scheduled work due.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping.push(this.deps.positionChanges.on((position) => this.apply(position)));
    this.stopping.push(this.deps.gttChanges.on((gtt) => this.applyGtt(gtt)));
    this.stopping.push(this.bus.onTicks(this.onBatch));
    this.stopping.push(this.deps.priceAlertChanges.on((change) => this.applyAlertChange(change)));
    const { rows, readAt } = await findPositionsChangedSince(this.deps.db, 'start');
    this.lastSyncedAt = readAt;
    for (const position of rows) this.apply(position);
    this.lastAlertSyncMs = this.deps.clock.now();
    for (const alert of await findActivePriceAlerts(this.deps.db)) this.index.upsert(alertItemOf(alert));
    for (const gtt of (await findGttsChangedSince(this.deps.db, 'start')).rows) this.applyGtt(gtt);
    if (this.options.syncIntervalMs > 0) {
      const timer = setInterval(() => void this.sync(), this.options.syncIntervalMs);
      this.stopping.push(() => clearInterval(timer));
    }
    if (this.options.sweepPattern) {
      const sweep = new Cron(this.options.sweepPattern, { protect: true }, () => this.runDueWork());
      this.stopping.push(() => sweep.stop());
    }
    const symbols = new Set(this.index.items().map((item) => item.symbol));
    const prices = await this.deps.prices.currentMany([...symbols]);
    for (const price of prices.values()) this.handlePrice(price.symbol, price.pricePaise, price.tickAtMs);
    this.runDueWork();
    this.deps.log.info({ indexed: this.index.size }, 'trading engine started');
  }

  /** Stops listening and waits for the action in progress; the index is dropped. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const unsubscribe of this.stopping.splice(0)) unsubscribe();
    this.queue.length = 0;
    await this.idle();
    this.index.clear();
    this.deps.log.info('trading engine stopped');
  }

  /** Resolves when every queued action is done (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** The market bus listener: every tick, and each quote whose symbol had no tick in the batch. */
  readonly onBatch = (batch: TickBatch): void => {
    if (!this.running) return;
    const ticked = new Set<string>();
    for (const tick of batch.ticks) {
      ticked.add(tick.symbol);
      this.handlePrice(tick.symbol, tick.pricePaise, tick.atMs);
    }
    for (const quote of batch.quotes) {
      if (!ticked.has(quote.symbol)) this.handlePrice(quote.symbol, quote.pricePaise, quote.tickAtMs);
    }
  };

  /**
   * One price of one symbol: takes the entries it crosses out of the index and queues an action for
   * each. Never looks at the entries the price does not cross. Public for the benchmark.
   */
  handlePrice(symbol: string, pricePaise: bigint, tickAtMs: number): number {
    const fired = this.index.takeCrossed(symbol, pricePaise);
    for (const item of fired) this.enqueue(() => this.act(item, pricePaise, tickAtMs));
    return fired.length;
  }

  /** Puts a changed position where it now waits, or takes it out. */
  apply(position: PositionRecord): void {
    if (!this.running) return;
    const item = engineItemOf(position);
    if (item) this.index.upsert(item);
    else this.index.remove(position.id);
  }

  /** A price alert created here goes into the index; a deleted one leaves it. */
  applyAlertChange(change: PriceAlertChange): void {
    if (!this.running) return;
    if (change.kind === 'created') this.index.upsert(alertItemOf(change.alert));
    else this.index.remove(alertIndexKeyOf(change.id));
  }

  /** Puts a GTT's legs where they wait, or takes them out once it is no longer active. */
  applyGtt(gtt: GttRecord): void {
    if (!this.running) return;
    for (const leg of gtt.legs.keys()) this.index.remove(gttIndexKeyOf(gtt.id, leg));
    for (const item of engineItemsOfGtt(gtt)) this.index.upsert(item);
  }

  /**
   * The sweep: queues the scheduled work that is due by the injected clock (copy trading, day-order
   * expiry, block references, the intraday square-off, lending, loans, IPOs, contract notes). Called at start and by
   * the sweep's timer only; tests, whose clock the timer does not follow, call it themselves.
   */
  runDueWork(): void {
    if (!this.running) return;
    const nowMs = this.deps.clock.now();
    this.enqueue(() => runFollowWork(this.deps, nowMs));
    const expiryDue = lastCloseAtOrBefore(this.deps.calendar.current, nowMs);
    if (expiryDue > this.expiryDoneForMs) {
      this.expiryDoneForMs = expiryDue;
      this.enqueue(async () => {
        const expired = await expireDayOrders(this.deps, { nowMs }).catch((error) => {
          this.expiryDoneForMs = 0;
          throw error;
        });
        if (expired > 0) this.deps.log.info({ expired }, 'day orders expired');
      });
    }
    this.enqueue(() => fixBlockReferencesDue(this.deps));
    this.enqueue(async () => {
      const parameters = await readTradingParameters(this.deps.db);
      const squareOffAtMs = lastSquareOffAtOrBefore(nowMs, parameters.squareOffMinutes);
      if (squareOffAtMs <= this.squareOffDoneForMs) return;
      this.squareOffDoneForMs = squareOffAtMs;
      const result = await squareOffIntraday(this.deps, { squareOffAtMs, nowMs }).catch((error) => {
        // Try again at the next sweep.
        this.squareOffDoneForMs = 0;
        throw error;
      });
      if (result.closed > 0) this.deps.log.info({ closed: result.closed }, 'intraday positions squared off');
      if (result.withoutPrice.length > 0) {
        // Nothing to close them at: try again at the next sweep.
        this.squareOffDoneForMs = 0;
        this.deps.log.warn({ symbols: result.withoutPrice }, 'square-off postponed: no price');
      }
    });
    this.enqueue(() => runLendingDueWork(this.deps));
    this.enqueue(() => runLoanDueWork(this.deps, { nowMs }).then(() => undefined));
    this.enqueue(() => runIpoDueWork(this.deps, nowMs));
    this.enqueue(() => chargeMtfInterest(this.deps, { nowMs }).then(() => undefined));
    this.enqueue(() => this.contractNotes.run(this.deps, nowMs));
    // After-market orders are placed at the session's open (docs/adr/0031).
    this.enqueue(async () => {
      const released = await releaseAfterMarketOrders(this.deps, nowMs);
      if (released > 0) this.deps.log.info({ released }, 'after-market orders released at the open');
    });
    if (nowMs - this.gttExpiryRunAtMs >= GTT_EXPIRY_INTERVAL_MS) {
      this.gttExpiryRunAtMs = nowMs;
      this.enqueue(async () => {
        const expired = await expireGtts(this.deps, nowMs);
        if (expired > 0) this.deps.log.info({ expired }, 'GTTs expired');
      });
    }
    this.enqueue(() => this.dailyReports.run(this.deps, nowMs));
    this.enqueue(() => this.alerts.run(this.deps, nowMs));
    // Closed accounts' personal data, once their retention has run (docs/adr/0024): hourly is enough.
    if (nowMs - this.accountPurgeRunAtMs >= ACCOUNT_PURGE_INTERVAL_MS) {
      this.accountPurgeRunAtMs = nowMs;
      this.enqueue(async () => {
        const purged = await runAccountPurgeDueWork(this.deps, nowMs);
        if (purged > 0) this.deps.log.info({ purged }, 'closed accounts purged of personal data');
      });
    }
  }

  /**
   * Follows other processes: re-reads positions changed since the last read (with an overlap
   * against transactions that committed late) and quotes stored since the last seen tick.
   */
  async sync(): Promise<void> {
    if (!this.running || this.syncing) return;
    this.syncing = true;
    try {
      const overlapMs = this.options.syncOverlapMs ?? 5_000;
      const since = new Date(this.lastSyncedAt.getTime() - overlapMs);
      const { rows, readAt } = await findPositionsChangedSince(this.deps.db, since);
      this.lastSyncedAt = readAt;
      for (const position of rows) this.apply(position);
      // Alerts set through another process (one deleted there fires nothing: its row is gone).
      const alertsSinceMs = this.lastAlertSyncMs - overlapMs;
      this.lastAlertSyncMs = this.deps.clock.now();
      const alerts = await findActivePriceAlerts(this.deps.db, alertsSinceMs);
      for (const alert of alerts) this.index.upsert(alertItemOf(alert));
      const gtts = (await findGttsChangedSince(this.deps.db, since)).rows;
      for (const gtt of gtts) this.applyGtt(gtt);
      const quotes = await findPricesTickedAfter(this.deps.db, this.lastQuoteTickMs);
      for (const quote of quotes) {
        this.lastQuoteTickMs = Math.max(this.lastQuoteTickMs, quote.tickAtMs);
        this.deps.prices.accept(quote);
      }
      // Orders placed elsewhere may already be crossed by the latest price.
      for (const symbol of new Set(
        rows
          .map((row) => row.symbol)
          .concat(alerts.map((alert) => alert.symbol))
          .concat(gtts.map((gtt) => gtt.symbol))
          .concat(quotes.map((quote) => quote.symbol)),
      )) {
        const price = this.deps.prices.cached(symbol);
        if (price) this.handlePrice(symbol, price.pricePaise, price.tickAtMs);
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'trading engine sync failed');
    } finally {
      this.syncing = false;
    }
  }

  private async act(item: EngineItem, pricePaise: bigint, tickAtMs: number): Promise<void> {
    if (item.kind === 'price_alert') {
      try {
        await firePriceAlert(this.deps, { alert: item.alert!, pricePaise, tickAtMs });
      } catch (error) {
        // Not fired: it waits in the index again for the next price.
        if (this.running) this.index.upsert(item);
        throw error;
      }
      return;
    }
    try {
      await this.actOnce(item, pricePaise, tickAtMs);
    } catch (error) {
      // The entry left the index when it fired; put the GTT or position back where its row says.
      if (item.kind === 'gtt') {
        const gtt = await findGtt(this.deps.db, item.gttId!).catch(() => undefined);
        if (gtt) this.applyGtt(gtt);
        throw error;
      }
      const position = await findPosition(this.deps.db, item.id).catch(() => undefined);
      if (position) this.apply(position);
      throw error;
    }
  }

  private async actOnce(item: EngineItem, pricePaise: bigint, tickAtMs: number): Promise<void> {
    if (item.kind === 'gtt') {
      const outcome = await fireGtt(this.deps, { id: item.gttId!, pricePaise, tickAtMs });
      // A GTT that waits (the market closed, its terms changed) goes back where its row says.
      if (outcome.kind === 'waiting') this.applyGtt(outcome.gtt);
      return;
    }
    if (item.kind === 'order') {
      const outcome = await fillPendingOrder(this.deps, { id: item.id, pricePaise, tickAtMs });
      // A stale index entry (its order changed meanwhile) goes back where the row says.
      if (outcome.kind === 'not_crossed') this.apply(outcome.position);
      if (outcome.kind === 'skipped') await this.reapply(item.id);
      return;
    }
    const outcome = await forceClosePosition(this.deps, {
      id: item.id,
      pricePaise,
      tickAtMs,
      reason: 'stop_out',
      atMs: tickAtMs,
    });
    if (outcome.kind === 'not_reached') this.apply(outcome.position);
    if (outcome.kind === 'skipped') await this.reapply(item.id);
  }

  /** An entry whose row had moved on (seen stale): index the row as it is now. */
  private async reapply(id: bigint): Promise<void> {
    const position = await findPosition(this.deps.db, id);
    if (position) this.apply(position);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue.push(work);
    this.draining ??= this.drain();
  }

  /** Runs queued actions one at a time; a failed one is reported and the rest go on. */
  private async drain(): Promise<void> {
    try {
      for (let work = this.queue.shift(); work; work = this.queue.shift()) {
        try {
          await work();
        } catch (error) {
          this.deps.log.error({ err: error }, 'trading engine action failed');
        }
      }
    } finally {
      this.draining = undefined;
    }
  }
}
