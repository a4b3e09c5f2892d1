import type { resetPaperAccount as resetPaperAccountCall } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { AppError, refuse } from '../../application/app-error.js';
import type { InvestorUseCase, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { userBalancesByPurpose } from '../../repositories/ledger.repository.js';
import {
  findPaperAccount,
  lockPaperAccount,
  replacePaperUser,
} from '../../repositories/paper-account.repository.js';
import { findOpenPositionsOfUser } from '../../repositories/position.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { announcePaperAccountChanged } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { cancelOrder } from '../trading/cancel-order.js';
import { openPaperAccountInTransaction } from './open-paper-account.js';
import { investorOf, toPaperStatusView } from './paper-status-view.js';

/**
 * Resets the investor's paper account (docs/adr/0026-paper-trading.md): its pending orders are
 * cancelled through the ordinary cancel (holds return to its cash), then a freshly opened paper
 * account with ₹1,00,00,000 and no positions becomes the investor's paper account, for every session
 * and paper API app at once. The old one keeps its history in the paper book and is never shown
 * again. Audited with the cash and open positions left behind.
 */
export const resetPaperAccount: InvestorUseCase<typeof resetPaperAccountCall> = async (deps, context) => {
  const userId = investorOf(context);
  const current = (await findPaperAccount(deps.db, userId)) ?? refuse('PAPER_ACCOUNT_NOT_FOUND');
  const asOldPaper: UserContext = {
    ...context,
    user: { ...context.user, id: current.paperUserId, book: 'paper', paperUserId: current.paperUserId },
  };
  const open = await findOpenPositionsOfUser(deps.db, current.paperUserId);
  for (const order of open.filter((position) => position.state === 'pending')) {
    try {
      await cancelOrder(deps, asOldPaper, { id: String(order.id) });
    } catch (error) {
      // Filled or cancelled meanwhile: it stays with the old account either way.
      if (!(error instanceof AppError)) throw error;
    }
  }
  const account = await inTransaction(deps.db, async (trx) => {
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    const locked = (await lockPaperAccount(trx, userId)) ?? refuse('PAPER_ACCOUNT_NOT_FOUND');
    const cashLeft = (await userBalancesByPurpose(trx, locked.paperUserId, 'INR')).get('cash') ?? 0n;
    const holdingsLeft = (await findOpenPositionsOfUser(trx, locked.paperUserId)).length;
    const paperUserId = await openPaperAccountInTransaction(trx, { realUserId: userId, atMs: context.nowMs });
    await replacePaperUser(trx, { userId, paperUserId, nowMs: context.nowMs });
    await auditUserAct(trx, context, {
      action: 'user.paper.reset',
      target: { type: 'user', id: userId },
      before: {
        paperUserId: String(locked.paperUserId),
        cash: formatPaise(cashLeft),
        openPositions: holdingsLeft,
        resetCount: locked.resetCount,
      },
      after: { paperUserId: String(paperUserId), resetCount: locked.resetCount + 1 },
    });
    return lockPaperAccount(trx, userId);
  });
  // The investor's sockets follow the fresh paper account's trade events from now on.
  if (account) announcePaperAccountChanged(deps.userEvents, userId, account.paperUserId);
  return toPaperStatusView(account, context.user.book === 'paper');
};
