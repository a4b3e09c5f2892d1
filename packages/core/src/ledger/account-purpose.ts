/**
 * What a user's account holds. A user has one account per purpose and currency.
 * - `cash`: money the user can use now; the database refuses a negative balance.
 * - `withdrawal_hold`: money moved out of cash by a withdrawal request until staff pay or reject it.
 * - `order_hold`: margin and fee held by pending (limit) orders until they fill or are cancelled.
 * - `margin`: margin locked in open positions.
 * - `loan_payable`: what the user owes on a credit loan, principal and interest (a negative balance).
 * - `ipo_escrow`: money blocked by an IPO subscription (as ASBA) until the allotment.
 * - `follow_allocation`: money a follower put into a copy-trading product, less the margin and fees
 *   of the mirrored positions it funds; their payouts return here, and at the product's end the
 *   balance returns to cash. One follow in progress per user, so this account is that follow's.
 *
 * There is no lending collateral account: lent shares stay the user's and are locked in the holding,
 * which is a share quantity, not money.
 */
export const USER_ACCOUNT_PURPOSES = [
  'cash',
  'withdrawal_hold',
  'order_hold',
  'margin',
  'loan_payable',
  'ipo_escrow',
  'follow_allocation',
] as const;

/**
 * What a house (broker) account holds: the other side of every user posting.
 * - `house_fees`: fees earned outside trading (transfers, withdrawals); until migration 0024 also the
 *   trading fee. `house_taxes`: the trading tax until migration 0024 (history only since).
 * - The charges of every executed order, one account per line (docs/adr/0020): `house_brokerage`
 *   and `house_dp_charges` (the DP charge before GST) are the broker's revenue;
 *   `house_stt_payable`, `house_stamp_duty_payable` and `house_gst_payable` are owed to the
 *   government, `house_exchange_charges_payable` to the exchange, `house_sebi_fees_payable` to SEBI.
 * - `house_counterparty`: the other side of trading P&L.
 * - `house_deposits_clearing`: money received from users' banks and wallets, before and after approval.
 * - `house_payouts`: money paid out to users' banks and wallets.
 * - `house_loans`: reserved for loan write-offs (not built). A disbursement credits the user's cash
 *   against their own `loan_payable`, moving no house money (ADR 0013).
 * - `house_interest`: loan interest earned (one entry per loan per IST day).
 * - `house_fx`: the other side of currency exchanges, per currency.
 * - `house_rewards`: check-in and other rewards paid.
 * - `house_corrections`: the other side of staff corrections, each with a recorded reason.
 * - `house_stopout_absorbed`: losses beyond a position's margin, absorbed by the house and never
 *   charged to the user as debt (DESIGN §5).
 * - `house_lending_fees`: securities lending (docs/adr/0015): short sellers' daily borrow fees come in,
 *   lenders' fees at term end go out. The house intermediates, so the balance is its spread (positive)
 *   or the shortfall it bears (negative): it may have either sign.
 * - `house_strategy_capital`: the other side of the capital given to copy-trading strategy accounts
 *   (a staff act at product creation) and of what returns from them at the product's end.
 * - `house_ipo_proceeds`: money paid for allotted IPO shares (captured from the escrow, or paid after
 *   allotment) until listing day, when it moves into the new holding's margin (ADR 0011).
 * - `house_paper_capital`: exists only in the paper book: the other side of every paper account's
 *   virtual cash (docs/adr/0026-paper-trading.md). The database refuses any entry that joins it, or
 *   any paper account, to a real account.
 */
export const HOUSE_ACCOUNT_PURPOSES = [
  'house_fees',
  'house_taxes',
  'house_counterparty',
  'house_deposits_clearing',
  'house_payouts',
  'house_loans',
  'house_interest',
  'house_fx',
  'house_rewards',
  'house_corrections',
  'house_stopout_absorbed',
  'house_lending_fees',
  'house_strategy_capital',
  'house_ipo_proceeds',
  'house_brokerage',
  'house_stt_payable',
  'house_exchange_charges_payable',
  'house_sebi_fees_payable',
  'house_stamp_duty_payable',
  'house_gst_payable',
  'house_dp_charges',
  'house_paper_capital',
] as const;

/** The house accounts of the charges, in the order a contract note lists the lines (docs/adr/0020). */
export const HOUSE_CHARGE_PURPOSES = [
  'house_brokerage',
  'house_stt_payable',
  'house_exchange_charges_payable',
  'house_sebi_fees_payable',
  'house_stamp_duty_payable',
  'house_gst_payable',
  'house_dp_charges',
] as const;

export type UserAccountPurpose = (typeof USER_ACCOUNT_PURPOSES)[number];
export type HouseAccountPurpose = (typeof HOUSE_ACCOUNT_PURPOSES)[number];
export type AccountPurpose = UserAccountPurpose | HouseAccountPurpose;

export const ACCOUNT_PURPOSES: readonly AccountPurpose[] = [
  ...USER_ACCOUNT_PURPOSES,
  ...HOUSE_ACCOUNT_PURPOSES,
];

/**
 * Tells whether a value from outside (a row, a request) names an account purpose.
 *
 * Example: `isAccountPurpose('margin')` is true; `isAccountPurpose('bonus')` is false.
 */
export function isAccountPurpose(value: unknown): value is AccountPurpose {
  return typeof value === 'string' && (ACCOUNT_PURPOSES as readonly string[]).includes(value);
}

/**
 * Tells whether accounts of this purpose belong to a user (and show on their statement) rather than
 * to the house.
 *
 * Example: `isUserPurpose('order_hold')` is true; `isUserPurpose('house_fees')` is false.
 */
export function isUserPurpose(purpose: AccountPurpose): purpose is UserAccountPurpose {
  return (USER_ACCOUNT_PURPOSES as readonly string[]).includes(purpose);
}

/**
 * Which sign a balance of this purpose may have. The ledger's sign convention: a posting's amount
 * adds to its account's balance, and a user account's balance is positive when it holds the user's
 * money. So cash, holds, margin and escrow never go below zero, and a loan shows as a negative
 * `loan_payable` balance (−₹5,000.00 is `-500000n`: the user owes ₹5,000.00). House accounts carry the
 * other side and may have either sign. Reconciliation and the database constraints check these.
 *
 * Example: `balanceSignOf('cash')` is `'non_negative'`; `balanceSignOf('loan_payable')` is
 * `'non_positive'`; `balanceSignOf('house_fees')` is `'any'`.
 */
export function balanceSignOf(purpose: AccountPurpose): 'non_negative' | 'non_positive' | 'any' {
  if (purpose === 'loan_payable') return 'non_positive';
  return isUserPurpose(purpose) ? 'non_negative' : 'any';
}
