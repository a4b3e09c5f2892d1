import {
  addCorporateAction,
  type BodyOf,
  type DataOf,
  decideReversal,
  issueResetCode,
  listAudit,
  listConfig,
  listCorporateActions,
  listInstruments,
  listParameters,
  listReversalRequests,
  readDashboard,
  readFeedStatus,
  readLedgerEntry,
  readUserDetail,
  readUserStatement,
  reverseLedgerEntry,
  revokeUserSession,
  runReconciliation,
  searchLedgerEntries,
  searchUsers,
  setCreditScore,
  setFeedMode,
  setUserFlag,
  staffEnrollTotp,
  staffLogin,
  staffLogout,
  staffMe,
  updateConfig,
  updateInstrument,
  updateParameter,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** The console calls this app makes: each is a definition of the shared contract, made with `call`. */

export type SignInBody = BodyOf<typeof staffLogin>;
export type SignInAnswer = DataOf<typeof staffLogin>;
export type TotpEnrollment = Extract<SignInAnswer, { kind: 'enrollment' }>;
export type StaffSession = DataOf<typeof staffEnrollTotp>;
export type EnrollTotpBody = BodyOf<typeof staffEnrollTotp>;
export type StaffMe = DataOf<typeof staffMe>;
export type IssueResetCodeBody = BodyOf<typeof issueResetCode>;
export type ResetCode = DataOf<typeof issueResetCode>;
export type SetUserFlagBody = BodyOf<typeof setUserFlag>;
export type UserFlagName = SetUserFlagBody['flag'];
export type UserFlags = DataOf<typeof setUserFlag>;
export type ReverseEntryBody = BodyOf<typeof reverseLedgerEntry>;
export type ReversedEntry = DataOf<typeof reverseLedgerEntry>;
export type ReconciliationReport = DataOf<typeof runReconciliation>;

export const signIn = (body: SignInBody, options?: CallOptions) => call(staffLogin, body, options);

export const enrollTotp = (body: EnrollTotpBody, options?: CallOptions) =>
  call(staffEnrollTotp, body, options);

export const fetchStaffMe = (options?: CallOptions) => call(staffMe, {}, options);

export const signOut = (options?: CallOptions) => call(staffLogout, {}, options);

export const issuePasswordResetCode = (body: IssueResetCodeBody, options?: CallOptions) =>
  call(issueResetCode, body, options);

export const setOrClearUserFlag = (body: SetUserFlagBody, options?: CallOptions) =>
  call(setUserFlag, body, options);

export const reconcileLedger = (options?: CallOptions) => call(runReconciliation, {}, options);

export const reverseLedgerEntryWithReason = (body: ReverseEntryBody, options?: CallOptions) =>
  call(reverseLedgerEntry, body, options);

// Staff console operations (docs/api.md, "Console calls"): parameters, config, users, audit, ledger,
// dashboard, market.

export type ParameterList = DataOf<typeof listParameters>;
export type ParameterItem = ParameterList['items'][number];
export type ParameterValue = ParameterItem['value'];
export type UpdateParameterBody = BodyOf<typeof updateParameter>;
export type ConfigItem = DataOf<typeof listConfig>['items'][number];
export type UpdateConfigBody = BodyOf<typeof updateConfig>;
export type UserSearchBody = BodyOf<typeof searchUsers>;
export type UserSearchPage = DataOf<typeof searchUsers>;
export type UserSummary = UserSearchPage['items'][number];
export type UserDetail = DataOf<typeof readUserDetail>;
export type UserStatementBody = BodyOf<typeof readUserStatement>;
export type UserStatementPage = DataOf<typeof readUserStatement>;
export type RevokeSessionBody = BodyOf<typeof revokeUserSession>;
export type SetCreditScoreBody = BodyOf<typeof setCreditScore>;
export type AuditFilter = BodyOf<typeof listAudit>;
export type AuditPage = DataOf<typeof listAudit>;
export type AuditRow = AuditPage['items'][number];
export type EntrySearchBody = BodyOf<typeof searchLedgerEntries>;
export type EntryPage = DataOf<typeof searchLedgerEntries>;
export type LedgerEntry = EntryPage['items'][number];
export type LedgerEntryDetail = DataOf<typeof readLedgerEntry>;
export type ReversalRequestFilter = BodyOf<typeof listReversalRequests>;
export type ReversalRequestPage = DataOf<typeof listReversalRequests>;
export type ReversalRequest = ReversalRequestPage['items'][number];
export type DecideReversalBody = BodyOf<typeof decideReversal>;
export type DashboardSummary = DataOf<typeof readDashboard>;
export type InstrumentFilter = BodyOf<typeof listInstruments>;
export type InstrumentPage = DataOf<typeof listInstruments>;
export type Instrument = InstrumentPage['items'][number];
export type UpdateInstrumentBody = BodyOf<typeof updateInstrument>;
export type CorporateActionFilter = BodyOf<typeof listCorporateActions>;
export type CorporateActionPage = DataOf<typeof listCorporateActions>;
export type CorporateAction = CorporateActionPage['items'][number];
export type AddCorporateActionBody = BodyOf<typeof addCorporateAction>;
export type FeedStatus = DataOf<typeof readFeedStatus>;
export type SetFeedBody = BodyOf<typeof setFeedMode>;

export const fetchParameters = (options?: CallOptions) => call(listParameters, {}, options);
export const saveParameter = (body: UpdateParameterBody, options?: CallOptions) =>
  call(updateParameter, body, options);

export const fetchConfig = (options?: CallOptions) => call(listConfig, {}, options);
export const saveConfig = (body: UpdateConfigBody, options?: CallOptions) =>
  call(updateConfig, body, options);

export const fetchUsers = (body: UserSearchBody, options?: CallOptions) => call(searchUsers, body, options);
export const fetchUserDetail = (userId: string, options?: CallOptions) =>
  call(readUserDetail, { userId }, options);
export const fetchUserStatement = (body: UserStatementBody, options?: CallOptions) =>
  call(readUserStatement, body, options);
export const revokeSessions = (body: RevokeSessionBody, options?: CallOptions) =>
  call(revokeUserSession, body, options);
export const saveCreditScore = (body: SetCreditScoreBody, options?: CallOptions) =>
  call(setCreditScore, body, options);

export const fetchAudit = (body: AuditFilter, options?: CallOptions) => call(listAudit, body, options);

export const fetchEntries = (body: EntrySearchBody, options?: CallOptions) =>
  call(searchLedgerEntries, body, options);
export const fetchEntry = (entryId: string, options?: CallOptions) =>
  call(readLedgerEntry, { entryId }, options);
export const fetchReversalRequests = (body: ReversalRequestFilter, options?: CallOptions) =>
  call(listReversalRequests, body, options);
export const decideReversalRequest = (body: DecideReversalBody, options?: CallOptions) =>
  call(decideReversal, body, options);

export const fetchDashboard = (options?: CallOptions) => call(readDashboard, {}, options);

export const fetchInstruments = (body: InstrumentFilter, options?: CallOptions) =>
  call(listInstruments, body, options);
export const saveInstrument = (body: UpdateInstrumentBody, options?: CallOptions) =>
  call(updateInstrument, body, options);
export const fetchCorporateActions = (body: CorporateActionFilter, options?: CallOptions) =>
  call(listCorporateActions, body, options);
export const addCorporateActionWithReason = (body: AddCorporateActionBody, options?: CallOptions) =>
  call(addCorporateAction, body, options);
export const fetchFeedStatus = (options?: CallOptions) => call(readFeedStatus, {}, options);
export const switchFeed = (body: SetFeedBody, options?: CallOptions) => call(setFeedMode, body, options);
