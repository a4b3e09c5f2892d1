import { hmacSha256, sha256, toHex, utf8Bytes } from './sha256.js';

/**
 * The provably fair IPO draw (DESIGN.md section 5, docs/ipo-draw.md, ADR 0011). Staff commit
 * `sha256(seed)` before subscriptions close and reveal the seed at the draw; the allotment then
 * follows from the seed and the subscriptions alone, so anyone can replay it (the server, the
 * `npm run ipo:verify` command and the investor's browser all run this function).
 *
 * The algorithm, exactly:
 * 1. Entries are ordered by subscription id, ascending (as numbers). Each asks for `lots` lots.
 * 2. When the lots asked for in total are at most the lots offered, every entry gets all its lots
 *    (undersubscribed: no randomness is used).
 * 3. Otherwise each lot asked for is one ticket, numbered 0 … T−1 in entry order (the first entry's
 *    lots first). `offeredLots` tickets are drawn without replacement by a partial Fisher–Yates
 *    shuffle: for i = 0, 1, …, offeredLots−1, pick j uniform in [i, T) and swap tickets i and j;
 *    ticket i is then a winner. An entry wins one lot per winning ticket it owns.
 * 4. The random stream: block k (k = 0, 1, 2, …) is HMAC-SHA256(key = UTF-8 bytes of the seed,
 *    message = k as 8 bytes big-endian); its first 6 bytes, big-endian, are a 48-bit integer r.
 *    A uniform integer below n takes the next r and rejects it while r ≥ 2^48 − (2^48 mod n), then
 *    answers r mod n: no modulo bias.
 */

export interface DrawEntry {
  /** The subscription's id, a decimal string (ids are bigint in the database). */
  subscriptionId: string;
  /** Lots asked for (quantity ÷ lot size), at least 1. */
  lots: number;
}

export interface DrawAllotment extends DrawEntry {
  wonLots: number;
}

export interface DrawResult {
  /** Entries in draw order (ascending id), each with the lots it won. */
  allotments: DrawAllotment[];
  totalLots: number;
  offeredLots: number;
  /** Lots given out: min(totalLots, offeredLots). */
  allottedLots: number;
  undersubscribed: boolean;
}

const TWO_POW_48 = 2 ** 48;
/** The draw refuses more tickets than this: beyond it a 48-bit draw could not be uniform enough. */
export const DRAW_TICKETS_MAX = 2 ** 40;

/**
 * The commitment to a seed: lower-case hex SHA-256 of its UTF-8 bytes.
 *
 * Example: `seedCommitment('abc')` is
 * `'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'`.
 */
export function seedCommitment(seed: string): string {
  return toHex(sha256(utf8Bytes(seed)));
}

/** Whether a revealed seed is the one committed to (the server refuses a draw otherwise). */
export function seedMatchesCommitment(seed: string, commitment: string): boolean {
  return seedCommitment(seed) === commitment.toLowerCase();
}

/** The draw's random stream: uniform integers from HMAC-SHA256(seed, counter), by rejection. */
export class DrawRandom {
  private readonly key: Uint8Array;
  private counter = 0;

  constructor(seed: string) {
    this.key = utf8Bytes(seed);
  }

  /** The next 48-bit block of the stream, as an integer in [0, 2^48). */
  next48(): number {
    const message = new Uint8Array(8);
    const view = new DataView(message.buffer);
    view.setUint32(0, Math.floor(this.counter / 0x1_0000_0000));
    view.setUint32(4, this.counter >>> 0);
    this.counter++;
    const block = hmacSha256(this.key, message);
    return (
      block[0]! * 2 ** 40 +
      block[1]! * 2 ** 32 +
      block[2]! * 2 ** 24 +
      block[3]! * 2 ** 16 +
      block[4]! * 2 ** 8 +
      block[5]!
    );
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^48; blocks at or above the last whole multiple of n are skipped. */
  below(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_48) throw new RangeError(`cannot draw below ${n}`);
    const limit = TWO_POW_48 - (TWO_POW_48 % n);
    for (;;) {
      const r = this.next48();
      if (r < limit) return r % n;
    }
  }
}

/** Entries in draw order: ascending subscription id as a number. */
export function orderDrawEntries<T extends DrawEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => {
    const left = BigInt(a.subscriptionId);
    const right = BigInt(b.subscriptionId);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

/**
 * Allots `offeredLots` among the entries, deterministically from the seed.
 *
 * Example: offered 2 lots, entries #1 asks 1 and #2 asks 1: undersubscribed, both win 1 lot. Offered
 * 1 lot, entries #1 asks 1 and #2 asks 3: four tickets (0 → #1; 1, 2, 3 → #2), one drawn with the
 * seed's stream; #1 wins with probability 1/4.
 */
export function runDraw(input: {
  seed: string;
  offeredLots: number;
  entries: readonly DrawEntry[];
}): DrawResult {
  const { offeredLots } = input;
  if (!Number.isSafeInteger(offeredLots) || offeredLots < 0)
    throw new RangeError('offered lots must be whole');
  const ordered = orderDrawEntries(input.entries);
  const seen = new Set<string>();
  let totalLots = 0;
  for (const entry of ordered) {
    if (!Number.isSafeInteger(entry.lots) || entry.lots < 1)
      throw new RangeError('every entry asks for a lot');
    if (seen.has(entry.subscriptionId)) throw new RangeError(`subscription ${entry.subscriptionId} twice`);
    seen.add(entry.subscriptionId);
    totalLots += entry.lots;
  }
  if (totalLots > DRAW_TICKETS_MAX) throw new RangeError('too many lots for one draw');
  if (totalLots <= offeredLots) {
    return {
      allotments: ordered.map((entry) => ({ ...entry, wonLots: entry.lots })),
      totalLots,
      offeredLots,
      allottedLots: totalLots,
      undersubscribed: true,
    };
  }
  // Ticket t belongs to the entry whose range [start, start + lots) holds t.
  const starts: number[] = [];
  let next = 0;
  for (const entry of ordered) {
    starts.push(next);
    next += entry.lots;
  }
  const ownerOf = (ticket: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= ticket) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  // A partial Fisher–Yates shuffle over the virtual array [0, T): only swapped places are stored.
  const random = new DrawRandom(input.seed);
  const swapped = new Map<number, number>();
  const at = (index: number) => swapped.get(index) ?? index;
  const wonLots = new Array<number>(ordered.length).fill(0);
  for (let i = 0; i < offeredLots; i++) {
    const j = i + random.below(totalLots - i);
    const ticketAtJ = at(j);
    swapped.set(j, at(i));
    swapped.set(i, ticketAtJ);
    const owner = ownerOf(ticketAtJ);
    wonLots[owner] = wonLots[owner]! + 1;
  }
  return {
    allotments: ordered.map((entry, index) => ({ ...entry, wonLots: wonLots[index]! })),
    totalLots,
    offeredLots,
    allottedLots: offeredLots,
    undersubscribed: false,
  };
}

/**
 * Compares a replayed draw with a published allotment: the ids of subscriptions whose won lots
 * differ (empty when the publication is the replay).
 */
export function differingAllotments(
  replayed: readonly DrawAllotment[],
  published: ReadonlyMap<string, number>,
): string[] {
  const differing = replayed
    .filter((entry) => published.get(entry.subscriptionId) !== entry.wonLots)
    .map((entry) => entry.subscriptionId);
  const replayedIds = new Set(replayed.map((entry) => entry.subscriptionId));
  for (const id of published.keys()) if (!replayedIds.has(id)) differing.push(id);
  return differing;
}
