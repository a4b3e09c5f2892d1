// What a ledger entry is, in words: both money screens (the account statement and the fund records)
// title a line by its entry kind, never by the tab it was found under (a loan disbursal is not a
// "Trade"). Kinds are the server's journal kinds (apps/server/src/use-cases/*: trade_open, ipo_hold, …).

/** The product an entry belongs to, from its kind's prefix (`ipo_hold` → ipo). */
const KIND_FAMILIES = [
  'trade',
  'ipo',
  'follow',
  'loan',
  'lending',
  'exchange',
  'checkin',
  'user_transfer',
  'deposit',
  'withdrawal',
] as const;
export type KindFamily = (typeof KIND_FAMILIES)[number] | 'other';

export function kindFamilyOf(kind: string): KindFamily {
  return KIND_FAMILIES.find((family) => kind === family || kind.startsWith(`${family}_`)) ?? 'other';
}

/** Kinds with their own words (entryKind.<kind> in the catalogues); others are named by family. */
const NAMED_KINDS = new Set([
  'trade_open',
  'trade_hold',
  'trade_cancel',
  'trade_close',
  'trade_stop_out',
  'trade_borrow_fee',
  'ipo_hold',
  'ipo_capture',
  'ipo_release',
  'ipo_pay',
  'ipo_list',
  'loan_disbursed',
  'loan_interest',
  'loan_repayment',
  'loan_repayment_received',
  'lending_fee',
  'follow_invest',
  'follow_return',
  'follow_strategy_fund',
  'follow_strategy_return',
  'checkin_reward',
  'exchange',
  'user_transfer',
  'deposit_approved',
  'withdrawal_requested',
  'withdrawal_paid',
  'withdrawal_rejected',
]);

/** The i18n key naming an entry kind: its own words, else its product's. */
export function entryKindKey(kind: string): string {
  return NAMED_KINDS.has(kind) ? `entryKind.${kind}` : `entryKind.family.${kindFamilyOf(kind)}`;
}

/**
 * Entries that reserve money for something still open (a pending order, an IPO application): the
 * entry is posted, but what it holds for is not done, so it is never shown as "Completed".
 */
export function isHoldKind(kind: string): boolean {
  return kind === 'trade_hold' || kind === 'ipo_hold';
}

/** Account purposes with their own words (fundRecord.account.<purpose>); others read "other". */
const NAMED_ACCOUNT_PURPOSES = new Set([
  'cash',
  'withdrawal_hold',
  'order_hold',
  'margin',
  'loan_payable',
  'ipo_escrow',
  'follow_allocation',
]);

/** The i18n key naming the account a posting moved on. */
export function accountPurposeKey(account: string): string {
  return `fundRecord.account.${NAMED_ACCOUNT_PURPOSES.has(account) ? account : 'other'}`;
}
