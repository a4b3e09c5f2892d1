import type { paperStatus as paperStatusCall } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { findPaperAccount } from '../../repositories/paper-account.repository.js';
import { investorOf, toPaperStatusView } from './paper-status-view.js';

/** Whether this session trades in paper, and the investor's paper account (docs/adr/0026). */
export const readPaperStatus: InvestorUseCase<typeof paperStatusCall> = async (deps, context) => {
  const account = await findPaperAccount(deps.db, investorOf(context));
  return toPaperStatusView(account, context.user.book === 'paper');
};
