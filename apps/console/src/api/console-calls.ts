import type {
  BodyOf,
  DataOf,
  issueResetCode,
  reverseLedgerEntry,
  runReconciliation,
  setUserFlag,
  staffEnrollTotp,
  staffLogin,
  staffLogout,
  staffMe,
} from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { newIdempotencyKey } from './idempotency-key';

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

/** A state-changing call takes the submission's idempotency key; without one it gets a fresh key. */
const mutating = (options: CallOptions = {}): CallOptions => ({
  ...options,
  idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
});

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
