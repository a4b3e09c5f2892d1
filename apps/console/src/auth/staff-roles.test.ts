import { CONSOLE_ROLES } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { ROLES_FOR } from './staff-roles';

/** Each console action and the server call whose roles it copies. */
const CALL_OF: Record<keyof typeof ROLES_FOR, string> = {
  issueResetCode: 'users/issueResetCode',
  setUserFlag: 'users/setFlag',
  reconcileLedger: 'ledger/reconcile',
  reverseLedgerEntry: 'ledger/reverse',
  updateParameter: 'parameters/update',
  updateConfig: 'config/update',
  searchUsers: 'users/search',
  revokeUserSession: 'users/revokeSession',
  setCreditScore: 'users/setCreditScore',
  setLoanQuotaTable: 'loans/setQuotaTable',
  readAudit: 'audit/list',
  readLedger: 'ledger/searchEntries',
  decideReversal: 'ledger/decideReversal',
  updateInstrument: 'market/updateInstrument',
  addCorporateAction: 'market/addCorporateAction',
  setFeed: 'market/setFeed',
  reviewKyc: 'kyc/approve',
  reviewFunds: 'withdrawals/approve',
  reviewDayTrading: 'dayTrading/approve',
  reviewLoans: 'loans/approve',
  recordLoanRepayment: 'loans/recordRepayment',
  editNews: 'news/save',
  readCheckinRewards: 'checkin/rewards',
  saveCheckinReward: 'checkin/saveReward',
  addCalendarDay: 'calendar/addDay',
  manageDepositChannels: 'depositChannels/save',
  setInstrumentLending: 'lending/setInstrumentLending',
  manageFollowProducts: 'follow/create',
  takeDownFollowProduct: 'follow/takeDown',
  tradeStrategy: 'follow/strategyOrder',
  manageIpo: 'ipo/draw',
};

describe('the console’s copy of the roles table', () => {
  it('admits exactly the roles the server admits for each call', () => {
    for (const [action, path] of Object.entries(CALL_OF)) {
      expect([...ROLES_FOR[action as keyof typeof ROLES_FOR]], action).toEqual([
        ...(CONSOLE_ROLES[path] ?? []),
      ]);
    }
  });
});
