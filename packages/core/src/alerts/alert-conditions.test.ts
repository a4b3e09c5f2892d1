import { describe, expect, it } from 'vitest';
import {
  ALERT_DELIVERY_ATTEMPTS_MAX,
  alertTransitions,
  isFeedStale,
  nextDeliveryAttemptAtMs,
} from './alert-conditions.js';

const deposits = { key: 'queue_overdue:deposits', kind: 'queue_overdue' as const, summary: '2 overdue' };
const feed = { key: 'feed_stale', kind: 'feed_stale' as const, summary: 'no tick for 300 s' };

describe('alerts', () => {
  it('a condition that still holds raises nothing again: one alert until it clears', () => {
    expect(alertTransitions([], [deposits])).toEqual({ raise: [deposits], clear: [] });
    expect(alertTransitions(['queue_overdue:deposits'], [deposits])).toEqual({ raise: [], clear: [] });
    expect(alertTransitions(['queue_overdue:deposits'], [feed])).toEqual({
      raise: [feed],
      clear: ['queue_overdue:deposits'],
    });
  });

  it('a failed delivery is tried again after 30 s, 2, 10 and 30 minutes, then given up', () => {
    expect(nextDeliveryAttemptAtMs(0, 1_000)).toBe(1_000);
    expect(nextDeliveryAttemptAtMs(1, 1_000)).toBe(31_000);
    expect(nextDeliveryAttemptAtMs(2, 1_000)).toBe(121_000);
    expect(nextDeliveryAttemptAtMs(3, 1_000)).toBe(601_000);
    expect(nextDeliveryAttemptAtMs(4, 1_000)).toBe(1_801_000);
    expect(nextDeliveryAttemptAtMs(ALERT_DELIVERY_ATTEMPTS_MAX, 1_000)).toBeUndefined();
  });

  it('the feed is stale only while the market is open and the last tick is older than the limit', () => {
    const base = { nowMs: 1_000_000, staleSeconds: 120 };
    expect(isFeedStale({ ...base, isMarketOpen: true, lastTickAtMs: 1_000_000 - 121_000 })).toBe(true);
    expect(isFeedStale({ ...base, isMarketOpen: true, lastTickAtMs: 1_000_000 - 120_000 })).toBe(false);
    expect(isFeedStale({ ...base, isMarketOpen: true, lastTickAtMs: null })).toBe(true);
    expect(isFeedStale({ ...base, isMarketOpen: false, lastTickAtMs: null })).toBe(false);
  });
});
