import {
  assertBalanced,
  type ClosingSettlement,
  type CurrencyCode,
  computeOpeningCosts,
  computeStopOutPrice,
  type HoldingLock,
  invariant,
  type OpeningCosts,
  type PostingDraft,
  settleClose,
} from '@nivesh/core';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pgErrorCode } from '../../db/errors.js';
import type { PositionsTable } from '../../db/schema.js';
import {
  asFundsInsufficient,
  type PostedBy,
  postEntry,
  postingArrays,
} from '../../repositories/ledger.repository.js';
import {
  type PositionRecord,
  type PositionRow,
  toPositionRecord,
} from '../../repositories/position.repository.js';
import type { TradingParameters } from '../../repositories/trading-parameters.repository.js';
import { lentRefusal } from '../lending/refuse-while-lent.js';
import type { TradingAccounts } from './trading-accounts.js';

/**
 * The writes of every trading event, each one balanced journal entry plus the row's new state,
 * together. Entry keys make each event happen at most once whoever retries it: `order:<id>:hold`,
 * `order:<id>:open`, `order:<id>:cancel`, `position:<id>:close`. Opening and closing go through the
 * database functions of migration 0020 (one statement each, ADR 0016), in the caller's transaction
 * when it passes one, or as their own implicit transaction when it passes the root handle.
 */

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

function posting(accountId: bigint, amountMinor: bigint, currency: string): PostingDraft[] {
  return amountMinor === 0n ? [] : [{ accountId, amountMinor, currency: currency as CurrencyCode }];
}

/** What a new holding records: its entry, margin, fee, lock and stop-out level. */
export function openingColumns(input: {
  side: 'long' | 'short';
  quantity: number;
  pricePaise: bigint;
  tickAtMs: number;
  openedAtMs: number;
  costs: OpeningCosts;
  lock: Required<HoldingLock>;
  stopOutBps: bigint;
}) {
  const lockMs = input.lock.days * MS_PER_DAY + input.lock.minutes * MS_PER_MINUTE;
  return {
    entry_price_paise: input.pricePaise,
    entry_tick_at: new Date(input.tickAtMs),
    opened_at: new Date(input.openedAtMs),
    margin_paise: input.costs.marginPaise,
    open_fee_paise: input.costs.feePaise,
    lock_days: input.lock.days,
    lock_minutes: input.lock.minutes,
    locked_until: new Date(input.openedAtMs + lockMs),
    stop_out_price_paise: computeStopOutPrice(
      input.side,
      input.pricePaise,
      input.quantity,
      input.costs.marginPaise,
      input.stopOutBps,
    ),
  };
}

/** The postings of a fill at placement: cash pays margin and fee. */
export function openingPostings(
  accounts: TradingAccounts,
  costs: OpeningCosts,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.cash, -(costs.marginPaise + costs.feePaise), currency),
    ...posting(accounts.margin, costs.marginPaise, currency),
    ...posting(accounts.houseFees, costs.feePaise, currency),
  ];
}

/** The postings of a pending order's hold: cash → order hold. */
export function holdPostings(accounts: TradingAccounts, heldPaise: bigint, currency: string): PostingDraft[] {
  return [
    ...posting(accounts.cash, -heldPaise, currency),
    ...posting(accounts.orderHold, heldPaise, currency),
  ];
}

/** A market order (or a marketable limit) filled at placement, on a row already written: cash pays margin and fee. */
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
  await postEntry(trx, {
    key: `order:${position.id}:open`,
    kind: 'trade_open',
    reference: String(position.id),
    referenceType: 'position',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: openingPostings(input.accounts, input.costs, position.currency),
  });
}

/** A short that must draw on the lending pool in the same transaction (open_position's NV001). */
export class LendingPoolDrawRequired extends Error {}

/** A holding that changed between the read its settlement was computed from and the close (NV002). */
export class HoldingChanged extends Error {}

/** A row as the JSON object the functions read with jsonb_populate_record: bigints as strings. */
const columnsJson = (columns: object) =>
  JSON.stringify(columns, (_key, value) => (typeof value === 'bigint' ? String(value) : value));

const postedByArguments = (postedBy: PostedBy) => ({
  type: postedBy.type,
  id: postedBy.id === undefined || postedBy.id === null ? null : String(postedBy.id),
});

/**
 * Writes a new position and its entry in one statement: `order:<id>:open` for a fill at placement,
 * `order:<id>:hold` for a pending order. Throws LendingPoolDrawRequired for a short on an instrument
 * whose lending is enabled unless `poolHandled` (the caller then draws in its transaction), and
 * FUNDS_INSUFFICIENT when cash cannot pay; either way nothing is written.
 */
export async function insertPosition(
  db: Db,
  input: {
    values: Insertable<PositionsTable>;
    action: 'open' | 'hold';
    postings: PostingDraft[];
    postedBy: PostedBy;
    atMs: number;
    poolHandled: boolean;
  },
): Promise<PositionRecord> {
  const kind = input.action === 'open' ? 'trade_open' : 'trade_hold';
  assertBalanced({ key: `order:new:${input.action}`, kind, postings: input.postings });
  const arrays = postingArrays(input.postings);
  const by = postedByArguments(input.postedBy);
  try {
    const result = await sql<PositionRow>`
      SELECT * FROM open_position(
        ${columnsJson(input.values)}::jsonb, ${input.action}, ${kind}, ${by.type}, ${by.id},
        ${new Date(input.atMs)}::timestamptz, ${arrays.accounts}::bigint[], ${arrays.amounts}::bigint[],
        ${arrays.currencies}::text[], ${input.poolHandled})
    `.execute(db);
    return toPositionRecord(result.rows[0]!);
  } catch (error) {
    if (pgErrorCode(error) === 'NV001') throw new LendingPoolDrawRequired(String(error));
    throw asFundsInsufficient(error);
  }
}

/** Cancels a pending order (the user, an expiry, or a fill the cash could not cover): the hold returns. */
export async function cancelPendingInTransaction(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    reason: 'user' | 'expired' | 'funds';
    atMs: number;
    postedBy: PostedBy;
  },
): Promise<PositionRecord> {
  const { position, accounts } = input;
  invariant(position.state === 'pending', `cancel of position ${position.id} in state ${position.state}`);
  if (position.heldPaise > 0n) {
    await postEntry(trx, {
      key: `order:${position.id}:cancel`,
      kind: 'trade_cancel',
      reference: String(position.id),
      referenceType: 'position',
      postedBy: input.postedBy,
      atMs: input.atMs,
      postings: [
        ...posting(accounts.orderHold, -position.heldPaise, position.currency),
        ...posting(accounts.cash, position.heldPaise, position.currency),
      ],
    });
  }
  const row = await trx
    .updateTable('positions')
    .set({ state: 'cancelled', cancelled_at: new Date(input.atMs), cancel_reason: input.reason })
    .where('id', '=', position.id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPositionRecord(row);
}

/**
 * Fills a pending order at a feed tick: the hold is released, margin and fee are taken at the fill
 * price, and any difference returns to (or, for a fill at a price that needs more margin, comes from)
 * cash. A cash balance that cannot cover the difference throws FUNDS_INSUFFICIENT.
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
  const { position, accounts } = input;
  invariant(position.state === 'pending', `fill of position ${position.id} in state ${position.state}`);
  const costs = computeOpeningCosts(
    input.pricePaise,
    position.quantity,
    position.leverage,
    input.parameters.feeBps,
  );
  const currency = position.currency;
  await postEntry(trx, {
    key: `order:${position.id}:open`,
    kind: 'trade_open',
    reference: String(position.id),
    referenceType: 'position',
    postedBy: { type: 'system', id: 'engine' },
    atMs: input.atMs,
    postings: [
      ...posting(accounts.orderHold, -position.heldPaise, currency),
      ...posting(accounts.cash, position.heldPaise - costs.marginPaise - costs.feePaise, currency),
      ...posting(accounts.margin, costs.marginPaise, currency),
      ...posting(accounts.houseFees, costs.feePaise, currency),
    ],
  });
  const row = await trx
    .updateTable('positions')
    .set({
      state: 'holding',
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
    })
    .where('id', '=', position.id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPositionRecord(row);
}

/** The postings of a close: margin out, payout to cash, the house's fee, tax, P&L and absorbed loss. */
export function closingPostings(
  accounts: TradingAccounts,
  marginPaise: bigint,
  settled: ClosingSettlement,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.margin, -marginPaise, currency),
    ...posting(accounts.cash, settled.payoutPaise, currency),
    ...posting(accounts.houseFees, settled.feePaise, currency),
    ...posting(accounts.houseTaxes, settled.taxPaise, currency),
    ...posting(accounts.houseCounterparty, settled.counterpartyPaise, currency),
    ...posting(accounts.houseAbsorbed, -settled.houseAbsorbedPaise, currency),
  ];
}

/**
 * Closes a whole holding at a feed price in one balanced entry: the margin leaves, cash gets margin
 * + P&L − fee − tax (never below zero), the house takes the fee and the tax, the counterparty the
 * P&L, and a loss beyond the margin goes to the house's absorbed account, never to the user.
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
    reason: 'user' | 'stop_out' | 'square_off' | 'product_end';
    atMs: number;
    parameters: TradingParameters;
    postedBy: PostedBy;
    refuseIfLent: boolean;
  },
): Promise<PositionRecord> {
  const { position } = input;
  invariant(position.state === 'holding', `close of position ${position.id} in state ${position.state}`);
  const margin = position.marginPaise!;
  const settled = settleClose({
    side: position.side,
    entryPricePaise: position.entryPricePaise!,
    exitPricePaise: input.exitPricePaise,
    quantity: position.quantity,
    marginPaise: margin,
    feeBps: input.parameters.feeBps,
    taxBps: input.parameters.taxBps,
  });
  const kind = input.reason === 'user' ? 'trade_close' : `trade_${input.reason}`;
  const postings = closingPostings(input.accounts, margin, settled, position.currency);
  assertBalanced({ key: `position:${position.id}:close`, kind, postings });
  const arrays = postingArrays(postings);
  const by = postedByArguments(input.postedBy);
  const expected = {
    quantity: position.quantity,
    entry_price_paise: position.entryPricePaise,
    margin_paise: margin,
  };
  const closing = {
    exit_price_paise: input.exitPricePaise,
    exit_tick_at: new Date(input.exitTickAtMs),
    closed_at: new Date(input.atMs),
    close_reason: input.reason,
    close_fee_paise: settled.feePaise,
    tax_paise: settled.taxPaise,
    pnl_paise: settled.pnlPaise,
    payout_paise: settled.payoutPaise,
    house_absorbed_paise: settled.houseAbsorbedPaise,
  };
  try {
    const result = await sql<PositionRow>`
      SELECT * FROM close_holding(
        ${position.id}, ${columnsJson(expected)}::jsonb, ${columnsJson(closing)}::jsonb, ${kind},
        ${by.type}, ${by.id}, ${new Date(input.atMs)}::timestamptz, ${arrays.accounts}::bigint[],
        ${arrays.amounts}::bigint[], ${arrays.currencies}::text[], ${input.refuseIfLent})
    `.execute(db);
    return toPositionRecord(result.rows[0]!);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === 'NV002') throw new HoldingChanged(String(error));
    if (code === 'NV003') throw lentRefusal(Number((error as { detail?: string }).detail));
    throw asFundsInsufficient(error);
  }
}
