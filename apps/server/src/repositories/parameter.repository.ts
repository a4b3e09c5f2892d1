import {
  DEFAULT_FEE_BPS,
  DEFAULT_STOP_OUT_BPS,
  DEFAULT_TAX_BPS,
  type HoldingLock,
  isClockTime,
  parseClockMinutes,
  parsePaise,
} from '@nivesh/core';
import type { Db } from '../db/database.js';

/**
 * The trading parameters (table `parameters`, names `trading.*`; defaults inserted by migration
 * 0008), read as one typed object. Staff change them in the console; a process sees a change within
 * PARAMETER_CACHE_MS, since reading them on every order would cost a query per order.
 */
export interface TradingParameters {
  feeBps: bigint;
  taxBps: bigint;
  stopOutBps: bigint;
  /** A price is obtainable when the last tick is at most this old. */
  quoteAgeMsMax: number;
  /** The smallest margin an order may put in, in paise. */
  minOpeningAmountPaise: bigint;
  minQuantity: number;
  /** The lock after opening, for every instrument without its own. */
  lock: Required<HoldingLock>;
  /** Per-symbol locks that replace the global one. */
  lockBySymbol: ReadonlyMap<string, Required<HoldingLock>>;
  /** Minutes after IST midnight when intraday holdings are squared off (15:20 → 920). */
  squareOffMinutes: number;
}

export const DEFAULT_TRADING_PARAMETERS: TradingParameters = {
  feeBps: DEFAULT_FEE_BPS,
  taxBps: DEFAULT_TAX_BPS,
  stopOutBps: DEFAULT_STOP_OUT_BPS,
  quoteAgeMsMax: 60_000,
  minOpeningAmountPaise: 10_000n,
  minQuantity: 1,
  lock: { days: 0, minutes: 0 },
  lockBySymbol: new Map(),
  squareOffMinutes: 15 * 60 + 20,
};

const PARAMETER_CACHE_MS = 2_000;
const cache = new WeakMap<Db, { readAtMs: number; value: TradingParameters }>();

/** The trading parameters, from a cache at most PARAMETER_CACHE_MS old (wall time: a cache, not a rule). */
export async function readTradingParameters(db: Db): Promise<TradingParameters> {
  const cached = cache.get(db);
  const nowMs = performance.now();
  if (cached && nowMs - cached.readAtMs < PARAMETER_CACHE_MS) return cached.value;
  const rows = await db
    .selectFrom('parameters')
    .select(['name', 'value'])
    .where('name', 'like', 'trading.%')
    .execute();
  const value = toTradingParameters(new Map(rows.map((row) => [row.name, row.value as unknown])));
  cache.set(db, { readAtMs: nowMs, value });
  return value;
}

/** Forgets the cached parameters (after staff change one, and in tests). */
export function forgetTradingParameters(db: Db): void {
  cache.delete(db);
}

function toTradingParameters(values: ReadonlyMap<string, unknown>): TradingParameters {
  const defaults = DEFAULT_TRADING_PARAMETERS;
  const whole = (name: string, fallback: number) => {
    const value = values.get(name);
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
  };
  const bps = (name: string, fallback: bigint) => BigInt(whole(name, Number(fallback)));
  const minimum = values.get('trading.min_opening_amount');
  const parsedMinimum =
    typeof minimum === 'string' || typeof minimum === 'number'
      ? parsePaise(minimum, { allowZero: true })
      : undefined;
  const squareOff = values.get('trading.square_off_time');
  const lockBySymbol = new Map<string, Required<HoldingLock>>();
  const perSymbol = values.get('trading.lock_by_symbol');
  if (perSymbol && typeof perSymbol === 'object') {
    for (const [symbol, lock] of Object.entries(
      perSymbol as Record<string, { days?: unknown; minutes?: unknown }>,
    )) {
      const days = Number.isSafeInteger(lock?.days) ? (lock.days as number) : 0;
      const minutes = Number.isSafeInteger(lock?.minutes) ? (lock.minutes as number) : 0;
      if (days >= 0 && minutes >= 0) lockBySymbol.set(symbol, { days, minutes });
    }
  }
  return {
    feeBps: bps('trading.fee_bps', defaults.feeBps),
    taxBps: bps('trading.tax_bps', defaults.taxBps),
    stopOutBps: bps('trading.stop_out_bps', defaults.stopOutBps),
    quoteAgeMsMax: whole('trading.quote_age_ms_max', defaults.quoteAgeMsMax),
    minOpeningAmountPaise: parsedMinimum?.ok ? parsedMinimum.paise : defaults.minOpeningAmountPaise,
    minQuantity: Math.max(1, whole('trading.min_quantity', defaults.minQuantity)),
    lock: {
      days: whole('trading.lock_days', defaults.lock.days),
      minutes: whole('trading.lock_minutes', defaults.lock.minutes),
    },
    lockBySymbol,
    squareOffMinutes:
      typeof squareOff === 'string' && isClockTime(squareOff)
        ? parseClockMinutes(squareOff)
        : defaults.squareOffMinutes,
  };
}

/** The lock a new holding of this symbol gets. */
export function lockFor(parameters: TradingParameters, symbol: string): Required<HoldingLock> {
  return parameters.lockBySymbol.get(symbol) ?? parameters.lock;
}
