/**
 * Alerts (docs/adr/0033): a condition staff must act on, raised once when it starts and cleared when
 * it ends, so a condition that holds for hours is one alert, not one per check. A condition is named
 * by a stable key: `queue_overdue:<queue>`, `feed_stale`, `reconciliation_failed`.
 */
export type AlertKind = 'queue_overdue' | 'feed_stale' | 'reconciliation_failed';

export interface AlertCondition {
  key: string;
  kind: AlertKind;
  /** What staff read: the queue and how many are overdue, the tick's age, the problems found. */
  summary: string;
}

/**
 * Which conditions to raise and which open alerts to clear, given the open alerts' keys and the
 * conditions that hold now.
 *
 * @example alertTransitions(['feed_stale'], [{ key: 'queue_overdue:deposits', … }])
 * // { raise: [the deposits condition], clear: ['feed_stale'] }
 */
export function alertTransitions(
  openKeys: readonly string[],
  holding: readonly AlertCondition[],
): { raise: AlertCondition[]; clear: string[] } {
  const open = new Set(openKeys);
  const now = new Set(holding.map((condition) => condition.key));
  return {
    raise: holding.filter((condition) => !open.has(condition.key)),
    clear: openKeys.filter((key) => !now.has(key)),
  };
}

/** How many times a delivery is tried before it is given up (the first try and four retries). */
export const ALERT_DELIVERY_ATTEMPTS_MAX = 5;

/** The wait before each retry, in ms: 30 s, 2 min, 10 min, 30 min. */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000] as const;

/**
 * When the next try of a delivery is due after `attemptsMade` failed tries, the last at
 * `lastAttemptAtMs`; undefined when no try is left.
 *
 * @example nextDeliveryAttemptAtMs(1, 1_000) // 31_000: the first retry 30 s after the first try
 * @example nextDeliveryAttemptAtMs(5, 1_000) // undefined: given up
 */
export function nextDeliveryAttemptAtMs(attemptsMade: number, lastAttemptAtMs: number): number | undefined {
  if (attemptsMade <= 0) return lastAttemptAtMs;
  if (attemptsMade >= ALERT_DELIVERY_ATTEMPTS_MAX) return undefined;
  return lastAttemptAtMs + RETRY_DELAYS_MS[Math.min(attemptsMade, RETRY_DELAYS_MS.length) - 1]!;
}

/**
 * Whether the feed is stale: the market is open and the last tick is older than the limit (or there
 * was none). A closed market is never stale.
 *
 * @example isFeedStale({ isMarketOpen: true, lastTickAtMs: 0, nowMs: 200_000, staleSeconds: 120 }) // true
 */
export function isFeedStale(input: {
  isMarketOpen: boolean;
  lastTickAtMs: number | null;
  nowMs: number;
  staleSeconds: number;
}): boolean {
  if (!input.isMarketOpen) return false;
  if (input.lastTickAtMs === null) return true;
  return input.nowMs - input.lastTickAtMs > input.staleSeconds * 1000;
}
