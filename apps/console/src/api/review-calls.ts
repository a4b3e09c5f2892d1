import {
  addCalendarDay,
  approveDayTrading,
  type BodyOf,
  type DataOf,
  depositApprove,
  depositQueue,
  depositReject,
  kycApprove,
  kycQueue,
  kycReject,
  listCalendarDays,
  listDayTradingApplications,
  rejectDayTrading,
  staffDeleteNews,
  staffListCheckinRewards,
  staffListNews,
  staffSaveCheckinReward,
  staffSaveNews,
  withdrawalApprove,
  withdrawalQueue,
  withdrawalReject,
} from '@nivesh/contract';
import { type CallOptions, call, TransportError } from './client';
import { clearStaffToken, readStaffToken } from './staff-token';

/**
 * Review queues (KYC, deposits, withdrawals, day trading), content (news, check-in rewards), the
 * trading calendar and the server's health: the calls of the console's queue pages (docs/api.md,
 * "Console: reviews, channels, rates, settings").
 */

/** The funds queues page by cursor: `{status?, userId?, cursor?, limit?}` → `{items, nextCursor}`. */
export type QueueFilter = BodyOf<typeof kycQueue>;
export type KycItem = DataOf<typeof kycQueue>['items'][number];
export type DepositItem = DataOf<typeof depositQueue>['items'][number];
export type WithdrawalItem = DataOf<typeof withdrawalQueue>['items'][number];
export type DayTradingApplication = DataOf<typeof listDayTradingApplications>['items'][number];
export type DayTradingFilter = BodyOf<typeof listDayTradingApplications>;

export const fetchKycQueue = (body: QueueFilter, options?: CallOptions) => call(kycQueue, body, options);
export const approveKyc = (id: string, options?: CallOptions) => call(kycApprove, { id }, options);
export const rejectKyc = (id: string, reason: string, options?: CallOptions) =>
  call(kycReject, { id, reason }, options);

export const fetchDepositQueue = (body: QueueFilter, options?: CallOptions) =>
  call(depositQueue, body, options);
export const approveDeposit = (id: string, options?: CallOptions) => call(depositApprove, { id }, options);
export const rejectDeposit = (id: string, reason: string, options?: CallOptions) =>
  call(depositReject, { id, reason }, options);

export const fetchWithdrawalQueue = (body: QueueFilter, options?: CallOptions) =>
  call(withdrawalQueue, body, options);
export const approveWithdrawal = (id: string, payoutReference: string | undefined, options?: CallOptions) =>
  call(withdrawalApprove, payoutReference ? { id, payoutReference } : { id }, options);
export const rejectWithdrawal = (id: string, reason: string, options?: CallOptions) =>
  call(withdrawalReject, { id, reason }, options);

export const fetchDayTradingApplications = (body: DayTradingFilter, options?: CallOptions) =>
  call(listDayTradingApplications, body, options);
export const approveDayTradingApplication = (body: BodyOf<typeof approveDayTrading>, options?: CallOptions) =>
  call(approveDayTrading, body, options);
export const rejectDayTradingApplication = (id: string, reason: string, options?: CallOptions) =>
  call(rejectDayTrading, { id, reason }, options);

// Content: news and check-in rewards.
export type NewsFilter = BodyOf<typeof staffListNews>;
export type NewsItem = DataOf<typeof staffListNews>['items'][number];
export type SaveNewsBody = BodyOf<typeof staffSaveNews>;
export type CheckinReward = DataOf<typeof staffListCheckinRewards>['items'][number];
export type SaveRewardBody = BodyOf<typeof staffSaveCheckinReward>;

export const fetchNews = (body: NewsFilter, options?: CallOptions) => call(staffListNews, body, options);
export const saveNews = (body: SaveNewsBody, options?: CallOptions) => call(staffSaveNews, body, options);
export const deleteNews = (id: string, reason: string, options?: CallOptions) =>
  call(staffDeleteNews, { id, reason }, options);
export const fetchCheckinRewards = (options?: CallOptions) => call(staffListCheckinRewards, {}, options);
export const saveCheckinReward = (body: SaveRewardBody, options?: CallOptions) =>
  call(staffSaveCheckinReward, body, options);

// Market: the trading calendar.
export type CalendarDay = DataOf<typeof listCalendarDays>['days'][number];
export type AddCalendarDayBody = BodyOf<typeof addCalendarDay>;
export const fetchCalendarDays = (year: number | undefined, options?: CallOptions) =>
  call(listCalendarDays, year ? { year } : {}, options);
export const addCalendarDayWithDescription = (body: AddCalendarDayBody, options?: CallOptions) =>
  call(addCalendarDay, body, options);

/**
 * An evidence file (KYC image, deposit receipt) read with the staff token; the caller shows it as a
 * blob URL and revokes it when done. Each read is audited on the server (`upload.read`).
 */
export async function fetchEvidence(uploadId: string, signal?: AbortSignal): Promise<Blob> {
  const token = readStaffToken();
  const response = await fetch(`/api/console/uploads/${encodeURIComponent(uploadId)}`, {
    headers: token ? { 'x-staff-token': token } : {},
    ...(signal ? { signal } : {}),
  });
  if (response.status === 401 && token) clearStaffToken('expired');
  if (!response.ok) throw new TransportError(`The file could not be read (HTTP ${response.status}).`);
  return response.blob();
}

/** `GET /api/health`: `engineLeader` says whether the process that answered leads the trading engine. */
export interface Health {
  status: string;
  engineLeader: boolean;
}
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  let response: Response;
  try {
    response = await fetch('/api/health', signal ? { signal } : {});
  } catch {
    throw new TransportError('The server could not be reached.');
  }
  if (!response.ok) throw new TransportError(`The health check answered HTTP ${response.status}.`);
  return (await response.json()) as Health;
}
