import {
  type CurrencyCode,
  computeOpeningCosts,
  computeStopOutPrice,
  type HoldingLock,
  invariant,
  type OpeningCosts,
  type PostingDraft,
  settleClose,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { type PostedBy, postEntry } from '../../repositories/ledger.repository.js';
import { type PositionRecord, toPositionRecord } from '../../repositories/position.repository.js';
import type { TradingParameters } from '../../repositories/trading-parameters.repository.js';
import type { TradingAccounts } from './trading-accounts.js';

/**
 * The writes of every trading event, each one balanced journal entry plus the row's new state, in
 * the caller's transaction. Entry keys make each event happen at most once whoever retries it:
 * `order:<id>:hold`, `order:<id>:open`, `order:<id>:cancel`, `position:<id>:close`.
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

/** A market order (or a marketable limit) filled at placement: cash pays margin and fee. */
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
  const { position, accounts, costs } = input;
  const currency = position.currency;
  await postEntry(trx, {
    key: `order:${position.id}:open`,
    kind: 'trade_open',
    reference: String(position.id),
    referenceType: 'position',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: [
      ...posting(accounts.cash, -(costs.marginPaise + costs.feePaise), currency),
      ...posting(accounts.margin, costs.marginPaise, currency),
      ...posting(accounts.houseFees, costs.feePaise, currency),
    ],
  });
}

/** A pending order holds its margin and fee: cash → order hold. */
export async function postHold(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    heldPaise: bigint;
    atMs: number;
    postedBy: PostedBy;
  },
): Promise<void> {
  const { position, accounts } = input;
  await postEntry(trx, {
    key: `order:${position.id}:hold`,
    kind: 'trade_hold',
    reference: String(position.id),
    referenceType: 'position',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: [
      ...posting(accounts.cash, -input.heldPaise, position.currency),
      ...posting(accounts.orderHold, input.heldPaise, position.currency),
    ],
  });
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

/**
 * Closes a whole holding at a feed price in one balanced entry: the margin leaves, cash gets margin
 * + P&L − fee − tax (never below zero), the house takes the fee and the tax, the counterparty the
 * P&L, and a loss beyond the margin goes to the house's absorbed account, never to the user.
 */
export async function settleHoldingInTransaction(
  trx: Db,
  input: {
    position: PositionRecord;
    accounts: TradingAccounts;
    exitPricePaise: bigint;
    exitTickAtMs: number;
    reason: 'user' | 'stop_out' | 'square_off' | 'product_end';
    atMs: number;
    parameters: TradingParameters;
    postedBy: PostedBy;
  },
): Promise<PositionRecord> {
  const { position, accounts } = input;
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
  const currency = position.currency;
  await postEntry(trx, {
    key: `position:${position.id}:close`,
    kind: input.reason === 'user' ? 'trade_close' : `trade_${input.reason}`,
    reference: String(position.id),
    referenceType: 'position',
    postedBy: input.postedBy,
    atMs: input.atMs,
    postings: [
      ...posting(accounts.margin, -margin, currency),
      ...posting(accounts.cash, settled.payoutPaise, currency),
      ...posting(accounts.houseFees, settled.feePaise, currency),
      ...posting(accounts.houseTaxes, settled.taxPaise, currency),
      ...posting(accounts.houseCounterparty, settled.counterpartyPaise, currency),
      ...posting(accounts.houseAbsorbed, -settled.houseAbsorbedPaise, currency),
    ],
  });
  const row = await trx
    .updateTable('positions')
    .set({
      state: 'closed',
      exit_price_paise: input.exitPricePaise,
      exit_tick_at: new Date(input.exitTickAtMs),
      closed_at: new Date(input.atMs),
      close_reason: input.reason,
      close_fee_paise: settled.feePaise,
      tax_paise: settled.taxPaise,
      pnl_paise: settled.pnlPaise,
      payout_paise: settled.payoutPaise,
      house_absorbed_paise: settled.houseAbsorbedPaise,
    })
    .where('id', '=', position.id)
    .where('state', '=', 'holding')
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPositionRecord(row);
}
