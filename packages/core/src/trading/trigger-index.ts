import { invariant } from '../invariant.js';

/**
 * Which way a price must move to fire an item:
 * - `at_or_below`: fires when the price is at or below the item's level (a long limit order waiting
 *   for a lower price, a short stop order, a long holding's stop-out level);
 * - `at_or_above`: fires when the price is at or above the level (a short limit order, a long stop
 *   order, a short holding's stop-out level).
 */
export type TriggerDirection = 'at_or_below' | 'at_or_above';

export interface TriggerItem {
  id: bigint;
  symbol: string;
  direction: TriggerDirection;
  levelPaise: bigint;
}

interface SymbolBook<T extends TriggerItem> {
  /** Ascending by level, then id: the highest level (the first to fire on a falling price) is last. */
  atOrBelow: T[];
  /** Descending by level, then id descending: the lowest level (first to fire on a rise) is last. */
  atOrAbove: T[];
}

/**
 * Items waiting for the price of their symbol to cross a level, indexed per symbol in two arrays
 * sorted so that the items a price crosses are always at the end. Handling a price therefore looks
 * only at the items it fires (plus one that it does not), never at the others: with k items fired
 * it costs O(k) pops, independent of how many items wait. Adding or removing one item is a binary
 * search and an array splice (a memmove of at most the symbol's items).
 *
 * Ties fire in id order (older first). An id is in the index at most once; `upsert` replaces it.
 *
 * Example: with a long limit at ₹100.00 (`at_or_below`, 10000n) and a short limit at ₹105.00
 * (`at_or_above`, 10500n) on RELIANCE, `takeCrossed('RELIANCE', 9995n)` returns the long only.
 */
export class TriggerIndex<T extends TriggerItem> {
  private readonly books = new Map<string, SymbolBook<T>>();
  private readonly byId = new Map<bigint, T>();

  get size(): number {
    return this.byId.size;
  }

  has(id: bigint): boolean {
    return this.byId.has(id);
  }

  get(id: bigint): T | undefined {
    return this.byId.get(id);
  }

  /** Adds an item, or replaces the item with the same id. */
  upsert(item: T): void {
    invariant(item.levelPaise > 0n, `a trigger level is positive: ${item.levelPaise}`);
    this.remove(item.id);
    let book = this.books.get(item.symbol);
    if (!book) {
      book = { atOrBelow: [], atOrAbove: [] };
      this.books.set(item.symbol, book);
    }
    const list = item.direction === 'at_or_below' ? book.atOrBelow : book.atOrAbove;
    list.splice(this.insertionPoint(list, item), 0, item);
    this.byId.set(item.id, item);
  }

  /** Removes an item by id; returns it, or undefined when it was not indexed. */
  remove(id: bigint): T | undefined {
    const item = this.byId.get(id);
    if (!item) return undefined;
    this.byId.delete(id);
    const book = this.books.get(item.symbol)!;
    const list = item.direction === 'at_or_below' ? book.atOrBelow : book.atOrAbove;
    const at = this.insertionPoint(list, item) - 1;
    invariant(list[at] === item, `trigger index out of order for ${item.id}`);
    list.splice(at, 1);
    return item;
  }

  /**
   * Removes and returns every item of the symbol that the price crosses (on each side the level
   * furthest past the price first, equal levels by id). The caller acts on them; an item that must wait again is put back with `upsert`.
   */
  takeCrossed(symbol: string, pricePaise: bigint): T[] {
    const book = this.books.get(symbol);
    if (!book) return [];
    const fired: T[] = [];
    const below = book.atOrBelow;
    while (below.length > 0 && below[below.length - 1]!.levelPaise >= pricePaise) {
      fired.push(below.pop()!);
    }
    const above = book.atOrAbove;
    while (above.length > 0 && above[above.length - 1]!.levelPaise <= pricePaise) {
      fired.push(above.pop()!);
    }
    for (const item of fired) this.byId.delete(item.id);
    return fired;
  }

  /** Every item, for diagnostics and tests. */
  items(): T[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.books.clear();
    this.byId.clear();
  }

  /**
   * Where the item goes so that the list stays sorted with the first to fire last: the index just
   * after every element that sorts before it. For an indexed item, the index after its position.
   */
  private insertionPoint(list: T[], item: T): number {
    const before =
      item.direction === 'at_or_below'
        ? (other: T) =>
            other.levelPaise < item.levelPaise ||
            (other.levelPaise === item.levelPaise && other.id >= item.id)
        : (other: T) =>
            other.levelPaise > item.levelPaise ||
            (other.levelPaise === item.levelPaise && other.id >= item.id);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(list[middle]!)) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * The naive alternative the benchmark compares with: look at every waiting item on every price.
 *
 * Example: `scanCrossed(items, 'RELIANCE', 9995n)` returns the same items as `takeCrossed` would.
 */
export function scanCrossed<T extends TriggerItem>(
  items: readonly T[],
  symbol: string,
  pricePaise: bigint,
): T[] {
  return items.filter(
    (item) =>
      item.symbol === symbol &&
      (item.direction === 'at_or_below' ? item.levelPaise >= pricePaise : item.levelPaise <= pricePaise),
  );
}
