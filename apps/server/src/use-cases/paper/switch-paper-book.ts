import type { switchPaperBook as switchPaperBookCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  insertPaperAccount,
  lockPaperAccount,
  setSessionBook,
} from '../../repositories/paper-account.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { announcePaperAccountChanged } from '../../streaming/user-events.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { openPaperAccountInTransaction } from './open-paper-account.js';
import { investorOf, toPaperStatusView } from './paper-status-view.js';

/**
 * Switches this session to the investor's paper account, opening it with ₹1,00,00,000 of virtual
 * cash the first time, or back to the real account (docs/adr/0026-paper-trading.md). Only this
 * session changes: another device stays in the book it was in. Audited; switching to the book the
 * session is already in changes nothing and answers the same status.
 */
export const switchPaperBook: InvestorUseCase<typeof switchPaperBookCall> = async (deps, context, input) => {
  const userId = investorOf(context);
  const before = context.user.book;
  let opened: bigint | undefined;
  const account = await inTransaction(deps.db, async (trx) => {
    // The investor's row lock: two first switches cannot both open a paper account.
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    let account = await lockPaperAccount(trx, userId);
    if (input.book === 'paper' && account === undefined) {
      const paperUserId = await openPaperAccountInTransaction(trx, {
        realUserId: userId,
        atMs: context.nowMs,
      });
      await insertPaperAccount(trx, { userId, paperUserId, nowMs: context.nowMs });
      account = await lockPaperAccount(trx, userId);
      opened = paperUserId;
      await auditUserAct(trx, context, {
        action: 'user.paper.opened',
        target: { type: 'user', id: userId },
        after: { paperUserId: String(paperUserId) },
      });
    }
    if (before !== input.book) {
      await setSessionBook(trx, { userId, sessionId: context.user.sessionId, book: input.book });
      await auditUserAct(trx, context, {
        action: 'user.paper.switched',
        target: { type: 'session', id: context.user.sessionId },
        before: { book: before },
        after: { book: input.book },
      });
    }
    return account;
  });
  // The investor's sockets start following the new paper account's trade events.
  if (opened !== undefined) announcePaperAccountChanged(deps.userEvents, userId, opened);
  return toPaperStatusView(account, input.book === 'paper');
};
