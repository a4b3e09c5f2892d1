import type { PostingDraft } from '../ledger/entry.js';
import type { CurrencyCode } from '../money/currency.js';
import type { ChargeLines } from './charges.js';
import type { HoldingLock } from './lock.js';
import type { PositionSide } from './pnl.js';
import type { ClosingSettlement, OpeningCosts } from './settlement.js';
import { computeStopOutPrice } from './stop-out.js';

/**
 * The postings of every trading event (docs/adr/0003-ledger-layout.md): which accounts move and by
 * how much. Each set sums to zero, so the entry it becomes is balanced; a zero amount is left out
 * (an entry has no zero posting). The server resolves the account ids and writes the entry.
 */

/**
 * The house accounts the charges of a trade go to, one per line (docs/adr/0020): what the broker
 * earns (brokerage, the DP charge before GST) and what it owes onwards (STT and stamp duty to the
 * government, the exchange charge to the exchange, the SEBI fee to SEBI, GST to the government).
 */
export interface ChargeAccounts {
  brokerage: bigint;
  stt: bigint;
  exchange: bigint;
  sebi: bigint;
  stamp: bigint;
  gst: bigint;
  dp: bigint;
}

/** The ledger accounts a trade touches: the user's three, the charges' seven and two more of the house. */
export interface TradingAccounts {
  cash: bigint;
  orderHold: bigint;
  margin: bigint;
  charges: ChargeAccounts;
  houseCounterparty: bigint;
  houseAbsorbed: bigint;
}

function posting(accountId: bigint, amountMinor: bigint, currency: string): PostingDraft[] {
  return amountMinor === 0n ? [] : [{ accountId, amountMinor, currency: currency as CurrencyCode }];
}

/**
 * Each charge line to its house account; the DP charge's GST goes with the other GST, since it is
 * owed to the same government. Together they are `charges.totalPaise`.
 *
 * Example: a CNC sale's STT 15_200n, exchange 451n, SEBI 15n, GST 84n and DP 1_534n (234n of it
 * GST) give STT +15200n, exchange +451n, SEBI +15n, GST +318n, DP +1300n.
 */
export function chargePostings(
  accounts: ChargeAccounts,
  charges: ChargeLines,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.brokerage, charges.brokeragePaise, currency),
    ...posting(accounts.stt, charges.sttPaise, currency),
    ...posting(accounts.exchange, charges.exchangePaise, currency),
    ...posting(accounts.sebi, charges.sebiPaise, currency),
    ...posting(accounts.stamp, charges.stampPaise, currency),
    ...posting(accounts.gst, charges.gstPaise + charges.dpGstPaise, currency),
    ...posting(accounts.dp, charges.dpPaise - charges.dpGstPaise, currency),
  ];
}

/**
 * A fill at placement (a market order or a marketable limit): cash pays the margin and the opening
 * leg's charges, each line to its house account.
 *
 * Example: margin ₹500.00 and charges of ₹0.30 (STT 0n, exchange 15n, SEBI 1n, stamp 8n, GST 6n)
 * give cash −50030n, margin +50000n, exchange +15n, SEBI +1n, stamp +8n, GST +6n.
 */
export function openingPostings(
  accounts: TradingAccounts,
  costs: Pick<OpeningCosts, 'marginPaise' | 'charges'>,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.cash, -(costs.marginPaise + costs.charges.totalPaise), currency),
    ...posting(accounts.margin, costs.marginPaise, currency),
    ...chargePostings(accounts.charges, costs.charges, currency),
  ];
}

/**
 * A pending order's hold: its margin and fee at its own price move from cash to the order hold.
 *
 * Example: a hold of ₹500.30 gives cash −50030n and order hold +50030n.
 */
export function holdPostings(accounts: TradingAccounts, heldPaise: bigint, currency: string): PostingDraft[] {
  return [
    ...posting(accounts.cash, -heldPaise, currency),
    ...posting(accounts.orderHold, heldPaise, currency),
  ];
}

/**
 * A pending order modified: its hold moves from what was held to what the new terms need, the
 * difference from cash (more held) or back to it (less held). No posting when nothing changes.
 *
 * Example: held ₹500.30, now ₹750.45: cash −25015n, order hold +25015n.
 */
export function holdAdjustmentPostings(
  accounts: TradingAccounts,
  heldBeforePaise: bigint,
  heldAfterPaise: bigint,
  currency: string,
): PostingDraft[] {
  const morePaise = heldAfterPaise - heldBeforePaise;
  if (morePaise === 0n) return [];
  return [
    ...posting(accounts.cash, -morePaise, currency),
    ...posting(accounts.orderHold, morePaise, currency),
  ];
}

/**
 * A pending order cancelled (by the investor, an expiry, or a fill the cash could not cover): the
 * hold returns to cash. The mirror of holdPostings.
 *
 * Example: a hold of ₹500.30 gives order hold −50030n and cash +50030n.
 */
export function holdReleasePostings(
  accounts: TradingAccounts,
  heldPaise: bigint,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.orderHold, -heldPaise, currency),
    ...posting(accounts.cash, heldPaise, currency),
  ];
}

/**
 * A pending order filled at a feed tick: the hold is released, margin and charges are taken at the
 * fill price, and the difference returns to cash (or, for a fill that needs more margin than was
 * held, comes from it).
 *
 * Example: held ₹500.30, filled with margin ₹495.00 and charges of ₹0.30 (all exchange charge, say):
 * order hold −50030n, cash +500n, margin +49500n, exchange +30n.
 */
export function pendingFillPostings(
  accounts: TradingAccounts,
  heldPaise: bigint,
  costs: Pick<OpeningCosts, 'marginPaise' | 'charges'>,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.orderHold, -heldPaise, currency),
    ...posting(accounts.cash, heldPaise - costs.marginPaise - costs.charges.totalPaise, currency),
    ...posting(accounts.margin, costs.marginPaise, currency),
    ...chargePostings(accounts.charges, costs.charges, currency),
  ];
}

/**
 * A whole close: the margin leaves, cash gets the payout, each closing charge goes to its house
 * account, the counterparty takes the P&L, and a loss beyond the margin (or charges the margin
 * cannot pay) comes from the house's absorbed account (settleClose computes every amount; its
 * postings always sum to zero).
 *
 * Example: margin ₹1,000.00 closed with payout 99862n, charges STT 100n, exchange 3n, GST 1n and DP
 * 1534n (234n GST), counterparty −1500n and nothing absorbed: margin −100000n, cash +99862n, STT
 * +100n, exchange +3n, GST +235n, DP +1300n, counterparty −1500n.
 */
export function closingPostings(
  accounts: TradingAccounts,
  marginPaise: bigint,
  settled: ClosingSettlement,
  currency: string,
): PostingDraft[] {
  return [
    ...posting(accounts.margin, -marginPaise, currency),
    ...posting(accounts.cash, settled.payoutPaise, currency),
    ...chargePostings(accounts.charges, settled.charges, currency),
    ...posting(accounts.houseCounterparty, settled.counterpartyPaise, currency),
    ...posting(accounts.houseAbsorbed, -settled.houseAbsorbedPaise, currency),
  ];
}

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/** What a new holding records beside its entry price: when its lock ends and where it stops out. */
export interface OpeningTerms {
  lockedUntilMs: number;
  stopOutPricePaise: bigint;
}

/**
 * The lock end and stop-out level of a holding opened now (the lock is calendar-less, as
 * lockRemaining counts it).
 *
 * Example: a long of 10 at ₹100.00 with margin ₹500.00, an 80% stop-out and a lock of 0 days and 30
 * minutes, opened at 0 ms: `{ lockedUntilMs: 1_800_000, stopOutPricePaise: 6000n }`.
 */
export function computeOpeningTerms(input: {
  side: PositionSide;
  quantity: number;
  pricePaise: bigint;
  openedAtMs: number;
  marginPaise: bigint;
  lock: Required<HoldingLock>;
  stopOutBps: bigint | number;
}): OpeningTerms {
  const lockMs = input.lock.days * MS_PER_DAY + input.lock.minutes * MS_PER_MINUTE;
  return {
    lockedUntilMs: input.openedAtMs + lockMs,
    stopOutPricePaise: computeStopOutPrice(
      input.side,
      input.pricePaise,
      input.quantity,
      input.marginPaise,
      input.stopOutBps,
    ),
  };
}
