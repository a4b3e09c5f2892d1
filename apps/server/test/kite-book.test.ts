import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, liftKiteRateLimits, listen, setPrice, signedInClient } from './kite-fixtures.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

const rich = () => createInvestor(t, { cashPaise: 50_00_000_00n });
const paise = (rupees: number) => BigInt(Math.round(rupees * 100));

describe('basket margins are summed in paise', () => {
  it('adds every order margin and charge component exactly, and makes rupees once', async () => {
    const investor = await rich();
    const app = await createApiApp(t, investor);
    await setPrice(t, 'RELIANCE', 143_010n);
    await setPrice(t, 'INFY', 150_005n);
    const { kc } = await signedInClient(origin, root, app, investor);
    const order = (tradingsymbol: string, quantity: number, price: number) => ({
      exchange: 'NSE' as const,
      tradingsymbol,
      transaction_type: 'BUY' as const,
      variety: 'regular' as const,
      product: 'CNC' as const,
      order_type: 'LIMIT' as const,
      quantity,
      price,
      trigger_price: 0,
    });
    const orders = [order('RELIANCE', 7, 1430.1), order('INFY', 3, 1500.05), order('RELIANCE', 1, 1430.15)];
    const basket = await kc.orderBasketMargins(orders);
    const single = await kc.orderMargins(orders);
    const sumPaise = (pick: (margin: (typeof single)[number]) => number) =>
      single.reduce((total, margin) => total + paise(pick(margin)), 0n);
    expect(paise(basket.initial.total)).toBe(sumPaise((m) => m.total));
    expect(paise(basket.initial.var)).toBe(sumPaise((m) => m.var));
    // Every component is the sum of the orders' components, not the first order's.
    for (const pick of [
      (m: (typeof single)[number]) => m.charges.total,
      (m: (typeof single)[number]) => m.charges.brokerage,
      (m: (typeof single)[number]) => m.charges.transaction_tax,
      (m: (typeof single)[number]) => m.charges.stamp_duty,
      (m: (typeof single)[number]) => m.charges.exchange_turnover_charge,
      (m: (typeof single)[number]) => m.charges.gst.total,
    ])
      expect(paise(pick(basket.initial as never))).toBe(sumPaise(pick));
    expect(basket.initial.total).toBe(Number((7 * 1430.1 + 3 * 1500.05 + 1430.15).toFixed(2)));
    expect(basket.orders).toEqual(single);
  });
});
