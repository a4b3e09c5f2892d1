import type { CurrencyCode } from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { userAccountId } from '../../repositories/ledger.repository.js';
import type { PositionRecord } from '../../repositories/position.repository.js';
import { type TradingAccounts, tradingAccountsOf } from '../trading/trading-accounts.js';

/**
 * The accounts a mirrored position trades with: the ordinary trading accounts, except that its
 * margin and fee come from, and its payout returns to, the follower's `follow_allocation` account
 * instead of cash. The position ledger functions take account ids, so the same open and close
 * entries serve both (no second trading path).
 */
export async function followTradingAccountsOf(
  db: Db,
  userId: bigint,
  currency: CurrencyCode,
): Promise<TradingAccounts> {
  const [accounts, allocation] = await Promise.all([
    tradingAccountsOf(db, userId, currency),
    userAccountId(db, userId, 'follow_allocation', currency),
  ]);
  return { ...accounts, cash: allocation };
}

/** The accounts to settle a position with: a mirror's settle into its follow allocation. */
export async function tradingAccountsForPosition(db: Db, position: PositionRecord): Promise<TradingAccounts> {
  const currency = position.currency as CurrencyCode;
  return position.origin === 'follow'
    ? followTradingAccountsOf(db, position.userId, currency)
    : tradingAccountsOf(db, position.userId, currency);
}
