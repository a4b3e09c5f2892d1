import type { readUserDetail as readUserDetailCall } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { listUserBalances } from '../../repositories/ledger.repository.js';
import { listOpenSessions } from '../../repositories/session.repository.js';
import { findUserById, findUserFlagDetails } from '../../repositories/user.repository.js';
import { toUserSummary } from './user-summary.js';

/** The console shows at most this many open sessions of an investor. */
const SESSIONS_SHOWN_MAX = 50;

/**
 * One investor for the console: the account, flags with their reasons, balances by purpose and
 * currency (the cached balances the ledger keeps with every posting) and live sessions.
 */
export const readUserDetail: StaffUseCase<typeof readUserDetailCall> = async ({ db }, { nowMs }, input) => {
  const userId = BigInt(input.userId);
  const user = (await findUserById(db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const [flags, balances, sessions] = await Promise.all([
    findUserFlagDetails(db, userId),
    listUserBalances(db, userId),
    listOpenSessions(db, userId, nowMs, SESSIONS_SHOWN_MAX),
  ]);
  return {
    user: {
      ...toUserSummary(user),
      language: user.language,
      referrerId: user.referrerId === null ? null : String(user.referrerId),
    },
    flags: flags.map((flag) => ({
      flag: flag.flag,
      reason: flag.reason,
      setBy: flag.setBy,
      setAt: flag.setAtMs,
    })),
    balances: balances.map((account) => ({
      currency: account.currency,
      purpose: account.purpose,
      balance: formatPaise(account.balanceMinor),
    })),
    sessions: sessions.map((session) => ({
      id: String(session.id),
      createdAt: session.createdAtMs,
      lastSeenAt: session.lastSeenAtMs,
      expiresAt: session.expiresAtMs,
      ip: session.ip,
      userAgent: session.userAgent,
    })),
  };
};
