/**
 * Kite's binary ticker packets (reference §5): big-endian int32 fields, prices in paise (the
 * divisor of every segment Nivesh lists is 100), times in epoch seconds. The official client reads
 * int32 fields signed, so every value is clamped to 0 … 2^31 − 1: a cumulative volume beyond it
 * reads as the largest positive number rather than a negative one.
 */

export type TickerMode = 'ltp' | 'quote' | 'full';

/** One instrument's state as a packet carries it. Prices in paise, times in epoch ms. */
export interface TickerQuote {
  instrumentToken: number;
  isIndex: boolean;
  lastPricePaise: bigint;
  lastQuantity: number;
  averagePricePaise: bigint;
  volume: bigint;
  buyQuantity: number;
  sellQuantity: number;
  openPaise: bigint;
  highPaise: bigint;
  lowPaise: bigint;
  /** The previous close, as Kite's `close`. */
  closePaise: bigint;
  lastTradeAtMs: number;
  exchangeAtMs: number;
  /** Five bids then five asks (fewer are padded with zeros). */
  bids: readonly DepthLevel[];
  asks: readonly DepthLevel[];
}

export interface DepthLevel {
  pricePaise: bigint;
  quantity: number;
  orders: number;
}

const INT32_MAX = 2_147_483_647;

const int32 = (value: bigint | number): number => {
  const number = typeof value === 'bigint' ? (value > BigInt(INT32_MAX) ? INT32_MAX : Number(value)) : value;
  return Math.max(0, Math.min(INT32_MAX, Math.trunc(number)));
};

/** The packet length of a mode: 8 (ltp), 44 or 28 (quote), 184 or 32 (full), tradable or index. */
export function packetLength(mode: TickerMode, isIndex: boolean): number {
  if (mode === 'ltp') return 8;
  if (isIndex) return mode === 'quote' ? 28 : 32;
  return mode === 'quote' ? 44 : 184;
}

/**
 * Writes one packet at `offset` of `view`; answers its length. Index packets order the prices
 * high, low, open, close and carry the change in hundredths of a percent (the client recomputes
 * it); tradable ones open, high, low, close. Example: RELIANCE (738561) in ltp mode at ₹1,430.10
 * writes 00 0b 45 01 00 02 2e a2.
 */
export function writePacket(view: DataView, offset: number, quote: TickerQuote, mode: TickerMode): number {
  const put = (at: number, value: bigint | number) => view.setInt32(offset + at, int32(value));
  put(0, quote.instrumentToken);
  put(4, quote.lastPricePaise);
  if (mode === 'ltp') return 8;
  if (quote.isIndex) {
    put(8, quote.highPaise);
    put(12, quote.lowPaise);
    put(16, quote.openPaise);
    put(20, quote.closePaise);
    const change =
      quote.closePaise > 0n ? ((quote.lastPricePaise - quote.closePaise) * 10_000n) / quote.closePaise : 0n;
    view.setInt32(offset + 24, Number(change));
    if (mode === 'quote') return 28;
    put(28, Math.floor(quote.exchangeAtMs / 1000));
    return 32;
  }
  put(8, quote.lastQuantity);
  put(12, quote.averagePricePaise);
  put(16, quote.volume);
  put(20, quote.buyQuantity);
  put(24, quote.sellQuantity);
  put(28, quote.openPaise);
  put(32, quote.highPaise);
  put(36, quote.lowPaise);
  put(40, quote.closePaise);
  if (mode === 'quote') return 44;
  put(44, Math.floor(quote.lastTradeAtMs / 1000));
  put(48, 0);
  put(52, 0);
  put(56, 0);
  put(60, Math.floor(quote.exchangeAtMs / 1000));
  const levels = [0, 1, 2, 3, 4].map((index) => quote.bids[index]);
  levels.push(...[0, 1, 2, 3, 4].map((index) => quote.asks[index]));
  levels.forEach((level, index) => {
    const at = 64 + index * 12;
    put(at, level?.quantity ?? 0);
    put(at + 4, level?.pricePaise ?? 0n);
    view.setInt16(offset + at + 8, Math.min(level?.orders ?? 0, 32_767));
    view.setInt16(offset + at + 10, 0);
  });
  return 184;
}

/**
 * One packet with its int16 length in front, as a frame carries it: encoded once per quote and
 * mode, and shared by every connection that sends it (a frame is their concatenation, tickerFrameOf).
 */
export function encodeTickerPacket(quote: TickerQuote, mode: TickerMode): Uint8Array {
  const length = packetLength(mode, quote.isIndex);
  const bytes = new Uint8Array(2 + length);
  const view = new DataView(bytes.buffer);
  view.setInt16(0, length);
  writePacket(view, 2, quote, mode);
  return bytes;
}

/** A binary frame from length-prefixed packets (encodeTickerPacket): int16 count, then the packets. */
export function tickerFrameOf(packets: readonly Uint8Array[]): Uint8Array {
  const size = packets.reduce((sum, packet) => sum + packet.length, 2);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setInt16(0, packets.length);
  let offset = 2;
  for (const packet of packets) {
    bytes.set(packet, offset);
    offset += packet.length;
  }
  return bytes;
}

/**
 * One binary frame of packets: int16 count, then each packet as int16 length and its bytes.
 * Answers the frame's bytes.
 */
export function encodeTickerFrame(packets: readonly { quote: TickerQuote; mode: TickerMode }[]): Uint8Array {
  return tickerFrameOf(packets.map((packet) => encodeTickerPacket(packet.quote, packet.mode)));
}
