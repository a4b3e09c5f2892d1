import type { Db } from '../db/database.js';
import {
  type InstrumentPrice,
  type InstrumentRow,
  type ListedInstrumentPrice,
  listSearchableInstrumentPrices,
  listSegmentPrices,
  listSegmentPricesPage,
  type MarketSortKey,
  type SearchableInstrumentPrice,
  searchInstrumentPrices,
} from '../repositories/instrument.repository.js';

type Segment = InstrumentRow['segment'];

export interface MarketListPageInput {
  segment: Segment;
  sortKey: MarketSortKey;
  isDescending: boolean;
  limit: number;
  offset: number;
}

interface Snapshot {
  readAtMs: number;
  /** In the database's order of symbols. */
  rows: readonly ListedInstrumentPrice[];
  /** Each order asked for, sorted once: `${sortKey}:${isDescending}`. */
  sorted: Map<string, readonly ListedInstrumentPrice[]>;
}

interface SearchSnapshot {
  readAtMs: number;
  /** Every instrument, in the database's order of symbols. */
  rows: readonly SearchableInstrumentPrice[];
}

/** What is read for a snapshot: a segment's list, or every instrument for the search. */
type SnapshotKey = Segment | 'search';

/**
 * The market screen's lists (`market/list`) and the search (`market/search`) served from memory
 * (docs/adr/0036): a segment's instruments and stored quotes, or every instrument with its quote
 * for the search, are read in one query and kept for `maxAgeMs`; each order asked for is sorted
 * once from them, and a page is a slice; a search is a scan of about 2,400 folded names. With the
 * whole NSE universe a page read from the database sorts about 2,400 joined rows each time, and a
 * search reads the names with ILIKE.
 *
 * One market price for all: the snapshot holds the stored quotes, never prices of its own, and
 * a listed or found price lags the stored one by at most `maxAgeMs` (plus the read itself); the
 * quote, the chart and every order read the stored price directly. A read in progress is shared by
 * the calls that arrive meanwhile. With `maxAgeMs` 0 every page and search is read from the
 * database.
 */
export class MarketListSnapshots {
  private readonly snapshots = new Map<SnapshotKey, Promise<{ readAtMs: number }>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  async page(db: Db, input: MarketListPageInput): Promise<{ rows: InstrumentPrice[]; total: number }> {
    if (this.maxAgeMs <= 0) return listSegmentPricesPage(db, input);
    const snapshot = await this.snapshotOf<Snapshot>(input.segment, () =>
      listSegmentPrices(db, input.segment).then((rows) => ({ rows, sorted: new Map() })),
    );
    const order = `${input.sortKey}:${input.isDescending}`;
    let sorted = snapshot.sorted.get(order);
    if (!sorted) {
      sorted = sortListed(snapshot.rows, input.sortKey, input.isDescending);
      snapshot.sorted.set(order, sorted);
    }
    const rows = sorted.slice(input.offset, input.offset + input.limit).map(withoutTurnover);
    return { rows, total: sorted.length };
  }

  /**
   * What searchInstrumentPrices answers (symbols starting with `text`, then names containing it,
   * ignoring case; each part in the database's order of symbols; at most `limit`), from the
   * snapshot. The symbols and names are folded by the database's lower(), as ILIKE folds them in
   * UTF-8; text that is not ASCII is searched in the database, since JavaScript's case folding of
   * other letters is not the database's (ASCII letters fold alike in every locale but Turkish).
   */
  async search(db: Db, text: string, limit: number): Promise<InstrumentPrice[]> {
    if (this.maxAgeMs <= 0 || !isAscii(text)) return searchInstrumentPrices(db, text, limit);
    const snapshot = await this.snapshotOf<SearchSnapshot>('search', () =>
      listSearchableInstrumentPrices(db).then((rows) => ({ rows })),
    );
    const folded = text.toLowerCase();
    const symbolMatches: SearchableInstrumentPrice[] = [];
    const nameMatches: SearchableInstrumentPrice[] = [];
    for (const row of snapshot.rows) {
      if (row.symbolLower.startsWith(folded)) {
        symbolMatches.push(row);
        if (symbolMatches.length === limit) break;
      } else if (nameMatches.length < limit && row.nameLower.includes(folded)) {
        nameMatches.push(row);
      }
    }
    return [...symbolMatches, ...nameMatches].slice(0, limit).map(withoutFolds);
  }

  /** The snapshot of `key`, read again (by `read`) once it is `maxAgeMs` old. */
  private async snapshotOf<Held extends object>(
    key: SnapshotKey,
    read: () => Promise<Omit<Held, 'readAtMs'>>,
  ): Promise<Held & { readAtMs: number }> {
    type Read = Held & { readAtMs: number };
    const held = this.snapshots.get(key) as Promise<Read> | undefined;
    if (held) {
      const snapshot = await held;
      if (this.nowMs() - snapshot.readAtMs < this.maxAgeMs) return snapshot;
      // Another call may have started the next read while this one waited.
      const next = this.snapshots.get(key) as Promise<Read> | undefined;
      if (next !== held && next) return next;
    }
    const readAtMs = this.nowMs();
    const reading = read().then((snapshot) => ({ ...snapshot, readAtMs }) as Read);
    this.snapshots.set(key, reading);
    reading.catch(() => {
      if (this.snapshots.get(key) === reading) this.snapshots.delete(key);
    });
    return reading;
  }
}

/** Whether every character of `text` is ASCII (code points below 128). */
function isAscii(text: string): boolean {
  return !/[^\p{ASCII}]/u.test(text);
}

function withoutFolds({
  symbolLower: _symbol,
  nameLower: _name,
  ...row
}: SearchableInstrumentPrice): InstrumentPrice {
  return row;
}

function withoutTurnover({ turnoverPaise: _sortedBy, ...row }: ListedInstrumentPrice): InstrumentPrice {
  return row;
}

/** How two rows with a key compare, as listSegmentPricesPage's SQL sorts them (ascending). */
function compareByKey(left: ListedInstrumentPrice, right: ListedInstrumentPrice, key: MarketSortKey): number {
  switch (key) {
    case 'symbol':
      return 0; // sortListed keeps the database's order of symbols, or reverses it
    case 'price':
      return compareBigints(left.pricePaise!, right.pricePaise!);
    case 'volume':
      return compareBigints(left.volume!, right.volume!);
    case 'turnover':
      return compareBigints(left.turnoverPaise!, right.turnoverPaise!);
    case 'changeRate': {
      // (price − previous) ÷ previous, compared exactly: a/b against c/d as a·d against c·b (b, d > 0).
      const leftRate = changeRateOf(left)!;
      const rightRate = changeRateOf(right)!;
      return compareBigints(leftRate.change * rightRate.base, rightRate.change * leftRate.base);
    }
  }
}

function compareBigints(left: bigint, right: bigint): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The change rate's fraction, or null where SQL's is null (no quote, or no previous close). */
function changeRateOf(row: ListedInstrumentPrice): { change: bigint; base: bigint } | null {
  if (row.pricePaise === null || row.previousClosePaise === null || row.previousClosePaise === 0n)
    return null;
  return { change: row.pricePaise - row.previousClosePaise, base: row.previousClosePaise };
}

/**
 * The rows in the order `ORDER BY key (ASC|DESC) NULLS LAST, symbol` gives: a stable sort of rows
 * already in symbol order, with the rows whose key is null kept apart and put last.
 */
function sortListed(
  rows: readonly ListedInstrumentPrice[],
  key: MarketSortKey,
  isDescending: boolean,
): ListedInstrumentPrice[] {
  // The rows are in the database's order of symbols already.
  if (key === 'symbol') return isDescending ? [...rows].reverse() : [...rows];
  const valued: ListedInstrumentPrice[] = [];
  const unvalued: ListedInstrumentPrice[] = [];
  for (const row of rows) (hasKey(row, key) ? valued : unvalued).push(row);
  const direction = isDescending ? -1 : 1;
  valued.sort((left, right) => direction * compareByKey(left, right, key));
  return [...valued, ...unvalued];
}

function hasKey(row: ListedInstrumentPrice, key: MarketSortKey): boolean {
  switch (key) {
    case 'symbol':
      return true;
    case 'price':
      return row.pricePaise !== null;
    case 'volume':
      return row.volume !== null;
    case 'turnover':
      return row.turnoverPaise !== null;
    case 'changeRate':
      return changeRateOf(row) !== null;
  }
}
