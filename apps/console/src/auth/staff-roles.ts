import type { StaffRoleName } from '@nivesh/contract';

/**
 * The roles each console action admits, as the server's table (CONSOLE_ROLES in the contract)
 * states them. The server is the authority and answers 403 outside them; the console uses this
 * copy only to disable what the signed-in staff member cannot do, with a note saying why.
 */
export const ROLES_FOR = {
  issueResetCode: ['admin', 'support'],
  setUserFlag: ['admin', 'compliance', 'support'],
  reconcileLedger: ['admin', 'finance'],
  reverseLedgerEntry: ['admin', 'finance'],
  // Staff console operations (issue 9).
  updateParameter: ['admin', 'finance'],
  updateConfig: ['admin', 'content'],
  searchUsers: ['admin', 'finance', 'compliance', 'support'],
  revokeUserSession: ['admin', 'support'],
  setCreditScore: ['admin', 'compliance'],
  setLoanQuotaTable: ['admin', 'compliance'],
  readAudit: ['admin', 'finance', 'compliance'],
  readLedger: ['admin', 'finance', 'compliance'],
  decideReversal: ['admin', 'finance'],
  updateInstrument: ['admin', 'compliance'],
  addCorporateAction: ['admin', 'compliance'],
  setFeed: ['admin'],
  // Review queues, content and calendar (issue 9, queues helper).
  reviewKyc: ['admin', 'compliance'],
  reviewFunds: ['admin', 'finance'],
  reviewDayTrading: ['admin', 'compliance'],
  editNews: ['admin', 'content'],
  readCheckinRewards: ['admin', 'finance', 'content'],
  saveCheckinReward: ['admin', 'finance'],
  addCalendarDay: ['admin', 'compliance'],
  // Deposit channels config page (issue 9, item 7).
  manageDepositChannels: ['admin', 'finance'],
  // Securities lending (issue 11, part 3).
  setInstrumentLending: ['admin', 'compliance'],
  // Credit loans (issue 11).
  reviewLoans: ['admin', 'compliance', 'finance'],
  recordLoanRepayment: ['admin', 'finance'],
  // Copy-trading (issue 11).
  manageFollowProducts: ['admin', 'finance'],
  takeDownFollowProduct: ['admin', 'finance', 'compliance'],
  tradeStrategy: ['admin', 'finance'],
  // New shares (issue 10).
  manageIpo: ['admin', 'compliance'],
} as const satisfies Record<string, readonly StaffRoleName[]>;

export type ConsoleAction = keyof typeof ROLES_FOR;

export function mayPerform(action: ConsoleAction, roles: readonly string[] | undefined): boolean {
  if (!roles) return false;
  const admitted: readonly string[] = ROLES_FOR[action];
  return roles.some((role) => admitted.includes(role));
}

/** "admin or finance", for notes that say who may act. */
export function rolesSentence(action: ConsoleAction): string {
  const admitted = [...ROLES_FOR[action]];
  if (admitted.length === 1) return admitted[0]!;
  return `${admitted.slice(0, -1).join(', ')} or ${admitted.at(-1)}`;
}
