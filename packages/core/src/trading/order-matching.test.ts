import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isLevelReached,
  matchOrderAtPrice,
  orderLevelOf,
  type RestingOrder,
  triggerLevelOf,
} from './order-matching.js';

const order = (fields: Partial<RestingOrder> & Pick<RestingOrder, 'side' | 'orderType'>): RestingOrder => ({
  limitPricePaise: null,
  triggerPricePaise: null,
  triggered: false,
  ...fields,
});

describe('matching a feed price against an order', () => {
  it('fills a market order at whatever the feed says', () => {
    expect(matchOrderAtPrice(order({ side: 'long', orderType: 'market' }), 12_345n)).toEqual({
      action: 'fill',
      pricePaise: 12_345n,
    });
  });

  it('fills a buy limit at its limit or lower, at the feed price', () => {
    const buy = order({ side: 'long', orderType: 'limit', limitPricePaise: 10_000n });
    expect(matchOrderAtPrice(buy, 10_005n)).toEqual({ action: 'none' });
    expect(matchOrderAtPrice(buy, 10_000n)).toEqual({ action: 'fill', pricePaise: 10_000n });
    expect(matchOrderAtPrice(buy, 9_995n)).toEqual({ action: 'fill', pricePaise: 9_995n });
  });

  it('fills a sell (short) limit at its limit or higher', () => {
    const sell = order({ side: 'short', orderType: 'limit', limitPricePaise: 10_500n });
    expect(matchOrderAtPrice(sell, 10_495n)).toEqual({ action: 'none' });
    expect(matchOrderAtPrice(sell, 10_510n)).toEqual({ action: 'fill', pricePaise: 10_510n });
  });

  it('fires a long stop-market when the price rises to its trigger, a short one when it falls to it', () => {
    const longStop = order({ side: 'long', orderType: 'sl-m', triggerPricePaise: 10_500n });
    expect(matchOrderAtPrice(longStop, 10_495n).action).toBe('none');
    expect(matchOrderAtPrice(longStop, 10_500n)).toEqual({ action: 'fill', pricePaise: 10_500n });
    const shortStop = order({ side: 'short', orderType: 'sl-m', triggerPricePaise: 9_500n });
    expect(matchOrderAtPrice(shortStop, 9_505n).action).toBe('none');
    expect(matchOrderAtPrice(shortStop, 9_400n)).toEqual({ action: 'fill', pricePaise: 9_400n });
  });

  it('arms a stop-limit that the price reaches beyond its limit, and fills it once the price comes back', () => {
    const stopLimit = order({
      side: 'long',
      orderType: 'sl',
      triggerPricePaise: 10_500n,
      limitPricePaise: 10_600n,
    });
    expect(matchOrderAtPrice(stopLimit, 10_400n).action).toBe('none');
    expect(matchOrderAtPrice(stopLimit, 10_650n).action).toBe('arm');
    expect(matchOrderAtPrice(stopLimit, 10_550n)).toEqual({ action: 'fill', pricePaise: 10_550n });
    const armed = { ...stopLimit, triggered: true };
    expect(matchOrderAtPrice(armed, 10_650n).action).toBe('none');
    // Armed, it is a limit order: a price back below the trigger still fills it.
    expect(matchOrderAtPrice(armed, 10_300n)).toEqual({ action: 'fill', pricePaise: 10_300n });
  });

  it('waits a stop where its trigger is and an armed stop-limit where its limit is', () => {
    const stopLimit = order({
      side: 'short',
      orderType: 'sl',
      triggerPricePaise: 9_500n,
      limitPricePaise: 9_400n,
    });
    expect(orderLevelOf(stopLimit)).toEqual({ direction: 'at_or_below', levelPaise: 9_500n });
    expect(orderLevelOf({ ...stopLimit, triggered: true })).toEqual({
      direction: 'at_or_above',
      levelPaise: 9_400n,
    });
    expect(orderLevelOf(order({ side: 'long', orderType: 'market' }))).toBeUndefined();
    expect(isLevelReached(triggerLevelOf('long', 10_500n), 10_500n)).toBe(true);
  });
});

/** The rule as the engine's fill wrote it before it moved here, kept as the reference. */
function previousPendingOrderAction(position: RestingOrder, pricePaise: bigint): 'fill' | 'arm' | 'none' {
  const long = position.side === 'long';
  const limitReached = (limit: bigint) => (long ? pricePaise <= limit : pricePaise >= limit);
  const triggerReached = (trigger: bigint) => (long ? pricePaise >= trigger : pricePaise <= trigger);
  switch (position.orderType) {
    case 'market':
      return 'fill';
    case 'limit':
      return limitReached(position.limitPricePaise!) ? 'fill' : 'none';
    case 'sl-m':
      return triggerReached(position.triggerPricePaise!) ? 'fill' : 'none';
    case 'sl':
      if (!position.triggered && !triggerReached(position.triggerPricePaise!)) return 'none';
      if (limitReached(position.limitPricePaise!)) return 'fill';
      return position.triggered ? 'none' : 'arm';
  }
}

const price = fc.bigInt({ min: 1n, max: 20_000n });
const restingOrder: fc.Arbitrary<RestingOrder> = fc
  .record({
    side: fc.constantFrom('long' as const, 'short' as const),
    orderType: fc.constantFrom('market' as const, 'limit' as const, 'sl' as const, 'sl-m' as const),
    limit: price,
    trigger: price,
    triggered: fc.boolean(),
  })
  .map(({ side, orderType, limit, trigger, triggered }) => ({
    side,
    orderType,
    limitPricePaise: orderType === 'limit' || orderType === 'sl' ? limit : null,
    triggerPricePaise: orderType === 'sl' || orderType === 'sl-m' ? trigger : null,
    triggered: orderType === 'sl' ? triggered : false,
  }));

describe('the one matching rule', () => {
  it('answers as the engine fill did before', () => {
    fc.assert(
      fc.property(restingOrder, price, (resting, pricePaise) => {
        expect(matchOrderAtPrice(resting, pricePaise).action).toBe(
          previousPendingOrderAction(resting, pricePaise),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('acts on an order exactly when the price reaches the level it is indexed at, and fills at that price', () => {
    fc.assert(
      fc.property(restingOrder, price, (resting, pricePaise) => {
        const match = matchOrderAtPrice(resting, pricePaise);
        const level = orderLevelOf(resting);
        const reached = level === undefined || isLevelReached(level, pricePaise);
        expect(match.action !== 'none').toBe(reached);
        if (match.action === 'fill') expect(match.pricePaise).toBe(pricePaise);
      }),
      { numRuns: 5000 },
    );
  });
});
