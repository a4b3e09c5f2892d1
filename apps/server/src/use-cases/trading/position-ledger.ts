import {
  assertBalanced,
  closingPostings,
  type HoldingLock,
  holdReleasePostings,
  invariant,
  type OpeningCosts,
  openingPostings,
  type PostingDraft,
  pendingFillPostings,
  productOf,
  settleClose,
} from '@nivesh/core';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { pgErrorCode } from '../../db/errors.js';
import type { PositionsTable } from '../../db/schema.js';
import { type PostedBy, postEntry } from '../../repositories/ledger.repository.js';
import {
  type CancelReason,
  type CloseReason,
  cancelActionOf,
  closeActionOf,
  closeHoldingWithEntry,
  HoldingLent,
  insertPositionWithEntry,
  markPositionCancelled,
  markPositionFilled,
  nextStateOrThrow,
  openingColumns,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import {
  insertTradeCharges,
  type TradeChargesColumns,
  tradeChargesColumns,
} from '../../repositories/trade-charges.repository.js';
import type { TradingParameters } from '../../repositories/trading-parameters.repository.js';
import { lentRefusal } from '../lending/refuse-while-lent.js';
import { closingChargesAt, openingCostsAt } from './charges-in-force.js';
import type { TradingAccounts } from './trading-accounts.js';

/**
 * The writes of every trading event, each one balanced journal entry plus the row's new state,
 * together. Which accounts move and by how much is core's (trade-postings); the rows and the
 * statements are the position repository's; the state each event leads to is core's state machine
 * (order-state), asserted by the repository. Entry keys make each event happen at most once whoever
 * retries it: `order:<id>:hold`, `order:<id>:open`, `order:<id>:cancel`, `position:<id>:close`.
 * Opening and closing go through the database functions of migration 0020 (one statement each,
 * ADR 0016), in the caller's transaction when it passes one, or as their own implicit transaction
 * when it passes the root handle. Every executed leg (a fill at placement or at a tick, a close of
 * any reason) also writes its trade_charges row, with the entry's id, in the same statement or
 * transaction (docs/adr/0020).
 */

// Callers elsewhere (copy trading, block trades, IPO listings) build a holding's row with these.
export {
  HoldingChanged,
  LendingPoolDrawRequired,
  openingColumns,
} from '../../repositories/position.repository.js';

/** The columns of an opening leg's trade_charges row, for insertPosition's `charges`. */
export function openingChargesColumns(input: {
  side: 'long' | 'short';
  pricePaise: bigint;
  quantity: number;
  atMs: number;
  costs: OpeningCosts;
}): TradeChargesColumns {
  return tradeChargesColumns({
    positionSide: input.side,
    leg: 'open',
    pricePaise: input.pricePaise,
    quantity: input.quantity,
    atMs: input.atMs,
    charges: input.costs.charges,
  });
}

/**
 * A market order (or a marketable limit) filled at placement, on a row already written: cash pays
 * margin and charges, and the leg's trade_charges row is written with the entry.
 */
export async function postOpening(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    costs: OpeningCosts;
    atMs: number;
    postedBy: PostedBy;
  },
): Promise<void> {
  const { position } = input;
  const entryId = await postPositionEntry(trx, position, {
    event: 'open',
    kind: 'trade_open',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: openingPostings(input.accounts, input.costs, position.currency),
  });
  await insertTradeCharges(trx, {
    position: { ...position, product: productOf(position) },
    leg: 'open',
    columns: openingChargesColumns({
      side: position.side,
      pricePaise: position.entryPricePaise!,
      quantity: position.quantity,
      atMs: input.atMs,
      costs: input.costs,
    }),
    journalEntryId: entryId,
  });
}

/** Posts a trading event's entry under its key (`order:<id>:<event>`), referenced to its position. */
async function postPositionEntry(
  trx: Db,
  position: PositionRecord,
  input: {
    event: 'open' | 'cancel';
    kind: string;
    postedBy: PostedBy;
    atMs: number;
    postings: PostingDraft[];
  },
): Promise<bigint> {
  const posted = await postEntry(trx, {
    key: `order:${position.id}:${input.event}`,
    kind: input.kind,
    reference: String(position.id),
    referenceType: 'position',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: input.postings,
  });
  return posted.id;
}

/**
 * Writes a new position and its entry in one statement: `order:<id>:open` for a fill at placement,
 * `order:<id>:hold` for a pending order, with a fill's trade_charges row (`charges`, required for
 * 'open'). Throws LendingPoolDrawRequired for a short on an instrument whose lending is enabled
 * unless `poolHandled` (the caller then draws in its transaction), and FUNDS_INSUFFICIENT when cash
 * cannot pay; either way nothing is written.
 */
export async function insertPosition(
  db: Db,
  input: {
    values: Insertable<PositionsTable>;
    action: 'open' | 'hold';
    charges?: TradeChargesColumns | undefined;
    postings: PostingDraft[];
    postedBy: PostedBy;
    atMs: number;
    poolHandled: boolean;
  },
): Promise<PositionRecord> {
  const kind = input.action === 'open' ? 'trade_open' : 'trade_hold';
  invariant(
    (input.action === 'open') === (input.charges !== undefined),
    'a fill at placement writes its charges; a hold has none',
  );
  assertBalanced({ key: `order:new:${input.action}`, kind, postings: input.postings });
  return insertPositionWithEntry(db, { ...input, kind });
}

/** Cancels a pending order (the user, an expiry, or a fill the cash could not cover): the hold returns. */
export async function cancelPendingInTransaction(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    reason: CancelReason;
    atMs: number;
    postedBy: PostedBy;
  },
): Promise<PositionRecord> {
  const { position } = input;
  nextStateOrThrow(position, cancelActionOf(input.reason));
  if (position.heldPaise > 0n) {
    await postPositionEntry(trx, position, {
      event: 'cancel',
      kind: 'trade_cancel',
      postedBy: input.postedBy,
      atMs: input.atMs,
      postings: holdReleasePostings(input.accounts, position.heldPaise, position.currency),
    });
  }
  return markPositionCancelled(trx, position, { reason: input.reason, atMs: input.atMs });
}

/**
 * Fills a pending order at a feed tick: the hold is released, margin and the opening charges (the
 * schedule in force on the fill's IST date) are taken at the fill price, and any difference returns
 * to (or, for a fill at a price that needs more margin, comes from) cash; the leg's trade_charges
 * row is written with the entry. A cash balance that cannot cover the difference throws
 * FUNDS_INSUFFICIENT.
 */
export async function fillPendingInTransaction(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    pricePaise: bigint;
    tickAtMs: number;
    atMs: number;
    parameters: TradingParameters;
    lock: Required<HoldingLock>;
  },
): Promise<PositionRecord> {
  const { position } = input;
  nextStateOrThrow(position, 'fill');
  const costs = openingCostsAt(
    input.parameters,
    {
      side: position.side,
      product: productOf(position),
      pricePaise: input.pricePaise,
      quantity: position.quantity,
      leverage: position.leverage,
    },
    input.atMs,
  );
  const entryId = await postPositionEntry(trx, position, {
    event: 'open',
    kind: 'trade_open',
    postedBy: { type: 'system', id: 'engine' },
    atMs: input.atMs,
    postings: pendingFillPostings(input.accounts, position.heldPaise, costs, position.currency),
  });
  const filled = await markPositionFilled(trx, position, {
    triggered: position.orderType === 'sl' || position.orderType === 'sl-m' ? true : position.triggered,
    ...openingColumns({
      side: position.side,
      quantity: position.quantity,
      pricePaise: input.pricePaise,
      tickAtMs: input.tickAtMs,
      openedAtMs: input.atMs,
      costs,
      lock: input.lock,
      stopOutBps: input.parameters.stopOutBps,
    }),
  });
  await insertTradeCharges(trx, {
    position: { ...filled, product: productOf(filled) },
    leg: 'open',
    columns: openingChargesColumns({
      side: position.side,
      pricePaise: input.pricePaise,
      quantity: position.quantity,
      atMs: input.atMs,
      costs,
    }),
    journalEntryId: entryId,
  });
  return filled;
}

/**
 * Closes a whole holding at a feed price in one balanced entry: the margin leaves, cash gets margin
 * + P&L − charges (never below zero), each charge line goes to its house account, the counterparty
 * takes the P&L, and a loss beyond the margin goes to the house's absorbed account, never to the
 * user. The closing leg's charges are priced at the schedule in force on the close's IST date, with
 * the DP charge on the day's first delivery sale of the scrip; the position records them as
 * close_fee_paise (all but STT) and tax_paise (STT), and its trade_charges row is written in the
 * same statement (docs/adr/0020).
 *
 * The settlement is computed here from `position` as the caller read it; the write applies only
 * while the row is still that holding (HoldingChanged otherwise, nothing written). With
 * `refuseIfLent` a holding with a lending in progress is refused (POSITION_LENT); forced closes
 * (stop-out, square-off, a product's end) pass false and the lending ends with the position.
 */
export async function settleHolding(
  db: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    exitPricePaise: bigint;
    exitTickAtMs: number;
    reason: CloseReason;
    atMs: number;
    parameters: TradingParameters;
    postedBy: PostedBy;
    refuseIfLent: boolean;
  },
): Promise<PositionRecord> {
  try {
    return await settleHoldingOnce(db, input, false);
  } catch (error) {
    // Another sale of the scrip paid the day's DP charge while this one was priced (close_holding,
    // migration 0024). Inside a transaction the caller's inTransaction retries the whole of it and
    // the new read sees that sale; as its own statement, price it again here, without the charge.
    if (db.isTransaction || !isDpChargeConflict(error)) throw error;
    return settleHoldingOnce(db, input, true);
  }
}

/** close_holding's refusal of a second DP charge for a scrip and day (migration 0024): 40001. */
const isDpChargeConflict = (error: unknown) =>
  pgErrorCode(error) === '40001' && String((error as Error).message).includes('DP charge');

async function settleHoldingOnce(
  db: Db,
  input: Parameters<typeof settleHolding>[1],
  isDpChargeKnownPaid: boolean,
): Promise<PositionRecord> {
  const { position } = input;
  nextStateOrThrow(position, closeActionOf(input.reason));
  const margin = position.marginPaise!;
  const charges = await closingChargesAt(db, input.parameters, position, input.exitPricePaise, input.atMs, {
    isDpChargeKnownPaid,
  });
  const settled = settleClose({
    side: position.side,
    entryPricePaise: position.entryPricePaise!,
    exitPricePaise: input.exitPricePaise,
    quantity: position.quantity,
    marginPaise: margin,
    charges,
  });
  const kind = input.reason === 'user' ? 'trade_close' : `trade_${input.reason}`;
  const postings = closingPostings(input.accounts, margin, settled, position.currency);
  assertBalanced({ key: `position:${position.id}:close`, kind, postings });
  try {
    return await closeHoldingWithEntry(db, {
      position,
      reason: input.reason,
      closing: {
        exit_price_paise: input.exitPricePaise,
        exit_tick_at: new Date(input.exitTickAtMs),
        closed_at: new Date(input.atMs),
        close_reason: input.reason,
        close_fee_paise: settled.feePaise,
        tax_paise: settled.taxPaise,
        pnl_paise: settled.pnlPaise,
        payout_paise: settled.payoutPaise,
        house_absorbed_paise: settled.houseAbsorbedPaise,
      },
      kind,
      postings,
      postedBy: input.postedBy,
      atMs: input.atMs,
      refuseIfLent: input.refuseIfLent,
      charges: tradeChargesColumns({
        positionSide: position.side,
        leg: 'close',
        pricePaise: input.exitPricePaise,
        quantity: position.quantity,
        atMs: input.atMs,
        charges,
      }),
    });
  } catch (error) {
    if (error instanceof HoldingLent) throw lentRefusal(error.termEndsAtMs);
    throw error;
  }
}
