import type {
  addCorporateAction,
  BodyOf,
  DataOf,
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
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** The console calls this app makes, typed from the shared contract (types only). */

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

export const signIn = (body: SignInBody, options?: CallOptions) =>
  callConsole<SignInAnswer>('staff/login', body, mutating(options));

export const enrollTotp = (body: EnrollTotpBody, options?: CallOptions) =>
  callConsole<StaffSession>('staff/enrollTotp', body, mutating(options));

export const fetchStaffMe = (options?: CallOptions) => callConsole<StaffMe>('staff/me', {}, options);

export const signOut = (options?: CallOptions) =>
  callConsole<DataOf<typeof staffLogout>>('staff/logout', {}, mutating(options));

export const issuePasswordResetCode = (body: IssueResetCodeBody, options?: CallOptions) =>
  callConsole<ResetCode>('users/issueResetCode', body, mutating(options));

export const setOrClearUserFlag = (body: SetUserFlagBody, options?: CallOptions) =>
  callConsole<UserFlags>('users/setFlag', body, mutating(options));

export const reconcileLedger = (options?: CallOptions) =>
  callConsole<ReconciliationReport>('ledger/reconcile', {}, options);

export const reverseLedgerEntryWithReason = (body: ReverseEntryBody, options?: CallOptions) =>
  callConsole<ReversedEntry>('ledger/reverse', body, mutating(options));

// Staff console operations (issue 9): parameters, config, users, audit, ledger, dashboard, market.

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

/** A page of a server-paged list: what every console table asks for and what it gets. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const fetchParameters = (options?: CallOptions) =>
  callConsole<ParameterList>('parameters/list', {}, options);
export const saveParameter = (body: UpdateParameterBody, options?: CallOptions) =>
  callConsole<ParameterItem>('parameters/update', body, mutating(options));

export const fetchConfig = (options?: CallOptions) =>
  callConsole<DataOf<typeof listConfig>>('config/list', {}, options);
export const saveConfig = (body: UpdateConfigBody, options?: CallOptions) =>
  callConsole<ConfigItem>('config/update', body, mutating(options));

export const fetchUsers = (body: UserSearchBody, options?: CallOptions) =>
  callConsole<UserSearchPage>('users/search', body, options);
export const fetchUserDetail = (userId: string, options?: CallOptions) =>
  callConsole<UserDetail>('users/detail', { userId }, options);
export const fetchUserStatement = (body: UserStatementBody, options?: CallOptions) =>
  callConsole<UserStatementPage>('users/statement', body, options);
export const revokeSessions = (body: RevokeSessionBody, options?: CallOptions) =>
  callConsole<DataOf<typeof revokeUserSession>>('users/revokeSession', body, mutating(options));
export const saveCreditScore = (body: SetCreditScoreBody, options?: CallOptions) =>
  callConsole<DataOf<typeof setCreditScore>>('users/setCreditScore', body, mutating(options));

export const fetchAudit = (body: AuditFilter, options?: CallOptions) =>
  callConsole<AuditPage>('audit/list', body, options);

export const fetchEntries = (body: EntrySearchBody, options?: CallOptions) =>
  callConsole<EntryPage>('ledger/searchEntries', body, options);
export const fetchEntry = (entryId: string, options?: CallOptions) =>
  callConsole<LedgerEntryDetail>('ledger/entry', { entryId }, options);
export const fetchReversalRequests = (body: ReversalRequestFilter, options?: CallOptions) =>
  callConsole<ReversalRequestPage>('ledger/reversalRequests', body, options);
export const decideReversalRequest = (body: DecideReversalBody, options?: CallOptions) =>
  callConsole<ReversalRequest>('ledger/decideReversal', body, mutating(options));

export const fetchDashboard = (options?: CallOptions) =>
  callConsole<DashboardSummary>('dashboard/summary', {}, options);

export const fetchInstruments = (body: InstrumentFilter, options?: CallOptions) =>
  callConsole<InstrumentPage>('market/instruments', body, options);
export const saveInstrument = (body: UpdateInstrumentBody, options?: CallOptions) =>
  callConsole<Instrument>('market/updateInstrument', body, mutating(options));
export const fetchCorporateActions = (body: CorporateActionFilter, options?: CallOptions) =>
  callConsole<CorporateActionPage>('market/corporateActions', body, options);
export const addCorporateActionWithReason = (body: AddCorporateActionBody, options?: CallOptions) =>
  callConsole<CorporateAction>('market/addCorporateAction', body, mutating(options));
export const fetchFeedStatus = (options?: CallOptions) => callConsole<FeedStatus>('market/feed', {}, options);
export const switchFeed = (body: SetFeedBody, options?: CallOptions) =>
  callConsole<FeedStatus>('market/setFeed', body, mutating(options));
