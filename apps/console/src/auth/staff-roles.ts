import {
  addCalendarDay,
  addChargeSchedule,
  addCorporateAction,
  alertList,
  approveDayTrading,
  dailyReportCompute,
  dailyReportList,
  decideReversal,
  depositChannelSave,
  exchangeRateSet,
  fundsSetBankCodes,
  importHolidays,
  issueResetCode,
  kycApprove,
  listAudit,
  loanQuotaTable,
  loansApprove,
  loansRecordRepayment,
  requestTwoFactorReset,
  reverseLedgerEntry,
  revokeUserSession,
  runReconciliation,
  type StaffRoleName,
  searchLedgerEntries,
  searchUsers,
  setCreditScore,
  setFeedMode,
  setLoanQuotaTable,
  setUserFlag,
  staffCreateFollowProduct,
  staffDrawIpo,
  staffList,
  staffListCheckinRewards,
  staffPlaceStrategyOrder,
  staffSaveCheckinReward,
  staffSaveNews,
  staffSetInstrumentLending,
  staffTakeDownFollowProduct,
  updateConfig,
  updateInstrument,
  updateParameter,
  withdrawalApprove,
} from '@nivesh/contract';

/**
 * The roles each console action admits: the roles of the contract call behind it, the same the
 * server enforces. The server is the authority and answers 403 outside them; the console uses them
 * only to disable what the signed-in staff member cannot do, with a note saying why.
 */
export const ROLES_FOR = {
  issueResetCode: issueResetCode.roles,
  setUserFlag: setUserFlag.roles,
  reconcileLedger: runReconciliation.roles,
  reverseLedgerEntry: reverseLedgerEntry.roles,
  updateParameter: updateParameter.roles,
  updateConfig: updateConfig.roles,
  searchUsers: searchUsers.roles,
  revokeUserSession: revokeUserSession.roles,
  setCreditScore: setCreditScore.roles,
  setLoanQuotaTable: setLoanQuotaTable.roles,
  readLoanQuotaTable: loanQuotaTable.roles,
  readAudit: listAudit.roles,
  readLedger: searchLedgerEntries.roles,
  decideReversal: decideReversal.roles,
  updateInstrument: updateInstrument.roles,
  addCorporateAction: addCorporateAction.roles,
  setFeed: setFeedMode.roles,
  reviewKyc: kycApprove.roles,
  reviewFunds: withdrawalApprove.roles,
  reviewDayTrading: approveDayTrading.roles,
  editNews: staffSaveNews.roles,
  readCheckinRewards: staffListCheckinRewards.roles,
  saveCheckinReward: staffSaveCheckinReward.roles,
  addCalendarDay: addCalendarDay.roles,
  manageDepositChannels: depositChannelSave.roles,
  manageExchangeRates: exchangeRateSet.roles,
  setInstrumentLending: staffSetInstrumentLending.roles,
  reviewLoans: loansApprove.roles,
  recordLoanRepayment: loansRecordRepayment.roles,
  manageFollowProducts: staffCreateFollowProduct.roles,
  takeDownFollowProduct: staffTakeDownFollowProduct.roles,
  tradeStrategy: staffPlaceStrategyOrder.roles,
  manageIpo: staffDrawIpo.roles,
  // An investor's second factor (docs/adr/0022-investor-two-factor.md); confirming admits the same roles.
  resetTwoFactor: requestTwoFactorReset.roles,
  addChargeSchedule: addChargeSchedule.roles,
  // Staff administration (docs/adr/0029-staff-administration-and-customer-view.md).
  manageStaff: staffList.roles,
  // End-of-day reports (docs/adr/0033).
  readDailyReports: dailyReportList.roles,
  computeDailyReport: dailyReportCompute.roles,
  readAlerts: alertList.roles,
  manageBankCodes: fundsSetBankCodes.roles,
  importHolidays: importHolidays.roles,
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
