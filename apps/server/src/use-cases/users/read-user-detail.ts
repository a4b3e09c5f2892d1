import type { BodyOf, DataOf, readUserDetail as readUserDetailCall } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { findUserById } from '../../repositories/user.repository.js';

/**
 * One investor for the console: the account, flags with their reasons, balances by purpose and
 * currency (the cached balances the ledger keeps with every posting) and live sessions.
 */
export async function readUserDetail(
  db: Db,
  nowMs: number,
  input: BodyOf<typeof readUserDetailCall>,
): Promise<DataOf<typeof readUserDetailCall>> {
  const userId = BigInt(input.userId);
  (await findUserById(db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const [user, flags, balances, sessions] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('user_flags').selectAll().where('user_id', '=', userId).orderBy('flag').execute(),
    db
      .selectFrom('ledger_accounts')
      .select(['currency', 'purpose', 'balance_minor'])
      .where('owner_type', '=', 'user')
      .where('user_id', '=', userId)
      .orderBy('currency')
      .orderBy('purpose')
      .execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(nowMs))
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    user: {
      id: String(user.id),
      phone: user.phone,
      realName: user.real_name,
      kycStatus: user.kyc_status,
      dayTradingStatus: user.day_trading_status,
      creditScore: user.credit_score,
      language: user.language,
      referrerId: user.referrer_id === null ? null : String(user.referrer_id),
      createdAt: user.created_at.getTime(),
    },
    flags: flags.map((flag) => ({
      flag: flag.flag,
      reason: flag.reason,
      setBy: flag.set_by,
      setAt: flag.set_at.getTime(),
    })),
    balances: balances.map((account) => ({
      currency: account.currency,
      purpose: account.purpose,
      balance: formatPaise(account.balance_minor ?? 0n),
    })),
    sessions: sessions.map((session) => ({
      id: String(session.id),
      createdAt: session.created_at.getTime(),
      lastSeenAt: session.last_seen_at.getTime(),
      expiresAt: session.expires_at.getTime(),
      ip: session.ip,
      userAgent: session.user_agent,
    })),
  };
}
