import { describe, expect, it } from 'vitest';
import { encodeTickerFrame, type TickerQuote } from './ticker-packets.js';

const reliance: TickerQuote = {
  instrumentToken: 738561,
  isIndex: false,
  lastPricePaise: 143_010n,
  lastQuantity: 5,
  averagePricePaise: 142_900n,
  volume: 3_000_000_000n,
  buyQuantity: 100,
  sellQuantity: 200,
  openPaise: 142_000n,
  highPaise: 143_500n,
  lowPaise: 141_800n,
  closePaise: 143_120n,
  lastTradeAtMs: 1_700_000_000_000,
  exchangeAtMs: 1_700_000_000_000,
  bids: [{ pricePaise: 143_005n, quantity: 10, orders: 1 }],
  asks: [{ pricePaise: 143_015n, quantity: 20, orders: 2 }],
};

describe('ticker packets', () => {
  it('frames an ltp packet of 8 bytes: count, length, token, last price', () => {
    const frame = encodeTickerFrame([{ quote: reliance, mode: 'ltp' }]);
    expect([...frame]).toEqual([0, 1, 0, 8, 0x00, 0x0b, 0x45, 0x01, 0x00, 0x02, 0x2e, 0xa2]);
  });

  it('writes quote (44) and full (184) packets, clamping a volume beyond int32', () => {
    const frame = encodeTickerFrame([
      { quote: reliance, mode: 'quote' },
      { quote: reliance, mode: 'full' },
    ]);
    const view = new DataView(frame.buffer);
    expect(view.getInt16(0)).toBe(2);
    expect(view.getInt16(2)).toBe(44);
    expect(view.getInt32(4 + 16)).toBe(2_147_483_647);
    expect(view.getInt32(4 + 40)).toBe(143_120);
    const full = 4 + 44 + 2;
    expect(view.getInt16(4 + 44)).toBe(184);
    expect(view.getInt32(full + 64 + 4)).toBe(143_005);
    expect(view.getInt32(full + 64 + 5 * 12)).toBe(20);
    expect(frame.length).toBe(2 + 2 + 44 + 2 + 184);
  });

  it('orders an index packet high, low, open, close (28 and 32 bytes)', () => {
    const nifty = { ...reliance, instrumentToken: 256265, isIndex: true };
    const frame = encodeTickerFrame([
      { quote: nifty, mode: 'quote' },
      { quote: nifty, mode: 'full' },
    ]);
    const view = new DataView(frame.buffer);
    expect(view.getInt16(2)).toBe(28);
    expect([
      view.getInt32(4 + 8),
      view.getInt32(4 + 12),
      view.getInt32(4 + 16),
      view.getInt32(4 + 20),
    ]).toEqual([143_500, 141_800, 142_000, 143_120]);
    expect(view.getInt16(4 + 28)).toBe(32);
  });
});
