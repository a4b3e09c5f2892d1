import type { DataOf, paperStatus } from '@nivesh/contract';
import { formatPaise, PAPER_STARTING_CASH_PAISE } from '@nivesh/core';
import type { UserContext } from '../../application/context.js';
import type { PaperAccountRecord } from '../../repositories/paper-account.repository.js';

/** The paper switch's answer: whether this session is in paper, and the investor's paper account. */
export function toPaperStatusView(
  account: PaperAccountRecord | undefined,
  active: boolean,
): DataOf<typeof paperStatus> {
  return {
    active,
    hasAccount: account !== undefined,
    startingCash: formatPaise(PAPER_STARTING_CASH_PAISE),
    resetCount: account?.resetCount ?? 0,
    openedAt: account?.openedAtMs ?? null,
  };
}

/** The investor behind a session, whichever book it acts in. */
export function investorOf(context: UserContext): bigint {
  return context.user.realUserId;
}
