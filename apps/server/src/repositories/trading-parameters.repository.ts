import {
  type ChargeSchedule,
  DEFAULT_CHARGE_SCHEDULE,
  DEFAULT_STOP_OUT_BPS,
  type HoldingLock,
  type ParameterValues,
  parseClockMinutes,
  parsePaise,
} from '@nivesh/core';
import type { Db } from '../db/database.js';
import { listChargeSchedules } from './charge-schedule.repository.js';
import { parameterValuesOf } from './parameter.repository.js';
import { perDbCache } from './per-db-cache.js';

/**
 * The trading parameters read as one typed object: the registry's values staff edit in the console
 * (fee, tax, stop-out, locks, minimum quantity, square-off time; packages/core parameters) plus the
 * trading-only rows migration 0008 inserted (`trading.quote_age_ms_max`, `trading.min_opening_amount`,
 * `trading.lock_by_symbol`), and the charge schedules (migration 0024, docs/adr/0020). A process
 * sees a change within 2 s (perDbCache), since reading them on every order would cost a query per
 * order.
 */
export interface TradingParameters {
  /** Every charge schedule, oldest first: a trade uses the one in force on its IST date. */
  chargeSchedules: readonly ChargeSchedule[];
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
  chargeSchedules: [DEFAULT_CHARGE_SCHEDULE],
  stopOutBps: DEFAULT_STOP_OUT_BPS,
  quoteAgeMsMax: 60_000,
  minOpeningAmountPaise: 10_000n,
  minQuantity: 1,
  lock: { days: 0, minutes: 0 },
  lockBySymbol: new Map(),
  squareOffMinutes: 15 * 60 + 20,
};

const parametersCache = perDbCache<TradingParameters>(2_000);

/** The trading parameters, from a copy at most 2 s old. */
export function readTradingParameters(db: Db): Promise<TradingParameters> {
  return parametersCache.get(db, async () => {
    // One read of the table serves both the registry's values and the trading-only rows.
    const [rows, chargeSchedules] = await Promise.all([
      db.selectFrom('parameters').select(['name', 'value', 'updated_at']).execute(),
      listChargeSchedules(db),
    ]);
    return toTradingParameters(
      chargeSchedules,
      parameterValuesOf(rows).values,
      new Map(
        rows.filter((row) => row.name.startsWith('trading.')).map((row) => [row.name, row.value as unknown]),
      ),
    );
  });
}

/** Forgets the cached parameters (after staff change one, and in tests). */
export function forgetTradingParameters(db: Db): void {
  parametersCache.forget(db);
}

function toTradingParameters(
  chargeSchedules: readonly ChargeSchedule[],
  registry: ParameterValues,
  values: ReadonlyMap<string, unknown>,
): TradingParameters {
  const defaults = DEFAULT_TRADING_PARAMETERS;
  const whole = (name: string, fallback: number) => {
    const value = values.get(name);
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
  };
  const minimum = values.get('trading.min_opening_amount');
  const parsedMinimum =
    typeof minimum === 'string' || typeof minimum === 'number'
      ? parsePaise(minimum, { allowZero: true })
      : undefined;
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
    chargeSchedules: chargeSchedules.length > 0 ? chargeSchedules : defaults.chargeSchedules,
    stopOutBps: BigInt(registry.stop_out_loss_bps),
    quoteAgeMsMax: whole('trading.quote_age_ms_max', defaults.quoteAgeMsMax),
    minOpeningAmountPaise: parsedMinimum?.ok ? parsedMinimum.paise : defaults.minOpeningAmountPaise,
    minQuantity: Math.max(1, registry.order_quantity_min),
    lock: { days: registry.position_lock_days, minutes: registry.position_lock_minutes },
    lockBySymbol,
    squareOffMinutes: parseClockMinutes(registry.intraday_square_off_at),
  };
}

/** The lock a new holding of this symbol gets. */
export function lockFor(parameters: TradingParameters, symbol: string): Required<HoldingLock> {
  return parameters.lockBySymbol.get(symbol) ?? parameters.lock;
}
