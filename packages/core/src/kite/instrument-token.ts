import { invariant } from '../invariant.js';
import { formatPaise } from '../money/format-paise.js';

/**
 * Kite's segment codes: the low byte of every instrument token names the segment, from which the
 * official ticker derives the price divisor and whether the instrument trades
 * (docs/adr/0025-kite-compatible-transport.md). Nivesh lists NSE and BSE cash equities and indices.
 */
export const KITE_SEGMENT_CODE = { nseEquity: 1, bseEquity: 4, indices: 9 } as const;
export type KiteSegmentCode = (typeof KITE_SEGMENT_CODE)[keyof typeof KITE_SEGMENT_CODE];

/** The segment code of an instrument: an index is 9, a BSE equity 4, any other equity 1 (NSE). */
export function kiteSegmentCodeOf(instrument: { kind: string; exchange: string }): KiteSegmentCode {
  if (instrument.kind === 'index') return KITE_SEGMENT_CODE.indices;
  return instrument.exchange.toUpperCase() === 'BSE'
    ? KITE_SEGMENT_CODE.bseEquity
    : KITE_SEGMENT_CODE.nseEquity;
}

/** The largest token the official ticker decodes as positive (it reads int32 fields signed). */
export const KITE_TOKEN_MAX = 2_147_483_647n;

/**
 * The instrument token minted for the `seq`-th symbol: `seq * 256 + segment`, as Kite's own NSE
 * tokens are `exchange_token * 256 + 1`. Example: seq 1594, NSE equity → 408065.
 */
export function instrumentTokenOf(seq: bigint, segmentCode: KiteSegmentCode): bigint {
  invariant(seq > 0n, `a token sequence starts at 1: ${seq}`);
  const token = seq * 256n + BigInt(segmentCode);
  invariant(token <= KITE_TOKEN_MAX, `instrument token ${token} does not fit an int32`);
  return token;
}

/** The segment code in a token's low byte. Example: 738561 → 1 (NSE equity). */
export function segmentCodeOfToken(token: number | bigint): number {
  return Number(BigInt(token) & 0xffn);
}

/**
 * A paise amount as the JSON number of rupees Kite's wire carries: the exact decimal text read as
 * a number, so ₹1,430.10 is 1430.1, never 1430.1000000001. Only for the Kite transport's replies;
 * money is computed in paise. Example: 143010n → 1430.1.
 */
export function paiseToKiteRupees(paise: bigint): number {
  return Number(formatPaise(paise));
}
