import { invariant } from '../invariant.js';
import { assertQuantity } from './quantity.js';

/**
 * Apportions an amount of paise between a part of a position and the rest of it, by quantity
 * (docs/adr/0019-partial-sells.md). The rule: the part gets the floor of its pro-rata share,
 * `floor(total × partQuantity ÷ wholeQuantity)`, and the rest keeps everything else, so the two sum
 * to the total exactly and a paisa left over by the division stays with the rest (the remainder that
 * keeps the original position's id). Never negative, never lost.
 *
 * Example: an opening fee of 1,001 paise on 100 shares, 40 sold:
 * `apportionByQuantity(1001n, 40, 100)` = `{ partPaise: 400n, restPaise: 601n }` (400.4 → 400).
 */
export function apportionByQuantity(
  totalPaise: bigint,
  partQuantity: number,
  wholeQuantity: number,
): { partPaise: bigint; restPaise: bigint } {
  invariant(totalPaise >= 0n, `an apportioned amount is never negative: ${totalPaise}`);
  assertQuantity(partQuantity);
  assertQuantity(wholeQuantity);
  invariant(
    partQuantity < wholeQuantity,
    `a part is less than the whole: ${partQuantity} of ${wholeQuantity}`,
  );
  const partPaise = (totalPaise * BigInt(partQuantity)) / BigInt(wholeQuantity);
  return { partPaise, restPaise: totalPaise - partPaise };
}

/** The amounts of a holding that belong to its shares and follow them when it is split. */
export interface HoldingAmounts {
  quantity: number;
  /** Margin locked in the holding. */
  marginPaise: bigint;
  /** What the opening leg charged (fee or total statutory charges). */
  openFeePaise: bigint;
  /** What the order held while it was pending (kept on the row after the fill). */
  heldPaise: bigint;
}

/**
 * Splits a holding into the part being sold and the remainder, every amount apportioned by
 * apportionByQuantity (the sold part gets the floor, the remainder the rest), so margin, opening
 * charges and held amounts of the two parts sum to the original to the paisa. Everything else a
 * holding records (entry price, lock, stop-out level, product) is per share or per holding and is
 * copied to both parts unchanged. Selling the whole holding is not a split: callers close it whole.
 *
 * Example: 100 shares with margin 50,001 paise and opening charges 1,001 paise, 40 sold:
 * sold `{ quantity: 40, marginPaise: 20000n, openFeePaise: 400n, heldPaise: 0n }`, remainder
 * `{ quantity: 60, marginPaise: 30001n, openFeePaise: 601n, heldPaise: 0n }`.
 */
export function splitHolding(
  holding: HoldingAmounts,
  soldQuantity: number,
): { sold: HoldingAmounts; remainder: HoldingAmounts } {
  const apportion = (amount: bigint) => apportionByQuantity(amount, soldQuantity, holding.quantity);
  const margin = apportion(holding.marginPaise);
  const fee = apportion(holding.openFeePaise);
  const held = apportion(holding.heldPaise);
  return {
    sold: {
      quantity: soldQuantity,
      marginPaise: margin.partPaise,
      openFeePaise: fee.partPaise,
      heldPaise: held.partPaise,
    },
    remainder: {
      quantity: holding.quantity - soldQuantity,
      marginPaise: margin.restPaise,
      openFeePaise: fee.restPaise,
      heldPaise: held.restPaise,
    },
  };
}

/** One holding as a FIFO sale sees it: its id, when it opened, and its quantity. */
export interface Lot<Id> {
  id: Id;
  openedAtMs: number;
  quantity: number;
}

/**
 * Which holdings a sale of `quantity` shares takes, oldest first (FIFO, as Indian depositories
 * debit delivery holdings): whole lots while the sale needs at least a lot, then part of the last.
 * Ties on the opening time go to the lower id order as given (callers pass lots sorted by opening
 * time, then id). Answers null when the lots hold fewer shares than the sale.
 *
 * Example: lots of 10, 20 and 30 shares, selling 35: `[{lot 1, 10}, {lot 2, 20}, {lot 3, 5}]`.
 */
export function allocateSaleFifo<Id>(
  lots: readonly Lot<Id>[],
  quantity: number,
): Array<{ lot: Lot<Id>; quantity: number }> | null {
  assertQuantity(quantity);
  const ordered = [...lots].sort((a, b) => a.openedAtMs - b.openedAtMs);
  const taken: Array<{ lot: Lot<Id>; quantity: number }> = [];
  let left = quantity;
  for (const lot of ordered) {
    if (left === 0) break;
    const take = Math.min(left, lot.quantity);
    taken.push({ lot, quantity: take });
    left -= take;
  }
  return left === 0 ? taken : null;
}
