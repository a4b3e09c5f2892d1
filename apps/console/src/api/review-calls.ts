import type {
  addCalendarDay,
  approveDayTrading,
  BodyOf,
  DataOf,
  depositQueue,
  kycQueue,
  listCalendarDays,
  listDayTradingApplications,
  staffListCheckinRewards,
  staffListNews,
  staffSaveCheckinReward,
  staffSaveNews,
  withdrawalQueue,
} from '@nivesh/contract';
import { type CallOptions, callConsole, TransportError } from './client';
import { mutating } from './idempotency-key';
import { clearStaffToken, readStaffToken } from './staff-token';

/**
 * Review queues (KYC, deposits, withdrawals, day trading), content (news, check-in rewards), the
 * trading calendar and the server's health: the calls of the console's issue-9 queue pages.
 */

/** The funds queues page by cursor: `{status?, userId?, cursor?, limit?}` → `{items, nextCursor}`. */
export type QueueFilter = BodyOf<typeof kycQueue>;
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}
export type KycItem = DataOf<typeof kycQueue>['items'][number];
export type DepositItem = DataOf<typeof depositQueue>['items'][number];
export type WithdrawalItem = DataOf<typeof withdrawalQueue>['items'][number];
export type DayTradingApplication = DataOf<typeof listDayTradingApplications>['items'][number];
export type DayTradingFilter = BodyOf<typeof listDayTradingApplications>;
export type ReviewState = 'pending' | 'approved' | 'rejected' | 'verified';

export const fetchKycQueue = (body: QueueFilter, options?: CallOptions) =>
  callConsole<CursorPage<KycItem>>('kyc/list', body, options);
export const approveKyc = (id: string, options?: CallOptions) =>
  callConsole<KycItem>('kyc/approve', { id }, mutating(options));
export const rejectKyc = (id: string, reason: string, options?: CallOptions) =>
  callConsole<KycItem>('kyc/reject', { id, reason }, mutating(options));

export const fetchDepositQueue = (body: QueueFilter, options?: CallOptions) =>
  callConsole<CursorPage<DepositItem>>('deposits/list', body, options);
export const approveDeposit = (id: string, options?: CallOptions) =>
  callConsole<DepositItem>('deposits/approve', { id }, mutating(options));
export const rejectDeposit = (id: string, reason: string, options?: CallOptions) =>
  callConsole<DepositItem>('deposits/reject', { id, reason }, mutating(options));

export const fetchWithdrawalQueue = (body: QueueFilter, options?: CallOptions) =>
  callConsole<CursorPage<WithdrawalItem>>('withdrawals/list', body, options);
export const approveWithdrawal = (id: string, payoutReference: string | undefined, options?: CallOptions) =>
  callConsole<WithdrawalItem>(
    'withdrawals/approve',
    payoutReference ? { id, payoutReference } : { id },
    mutating(options),
  );
export const rejectWithdrawal = (id: string, reason: string, options?: CallOptions) =>
  callConsole<WithdrawalItem>('withdrawals/reject', { id, reason }, mutating(options));

export const fetchDayTradingApplications = (body: DayTradingFilter, options?: CallOptions) =>
  callConsole<DataOf<typeof listDayTradingApplications>>('dayTrading/applications', body, options);
export const approveDayTradingApplication = (body: BodyOf<typeof approveDayTrading>, options?: CallOptions) =>
  callConsole<DayTradingApplication>('dayTrading/approve', body, mutating(options));
export const rejectDayTradingApplication = (id: string, reason: string, options?: CallOptions) =>
  callConsole<DayTradingApplication>('dayTrading/reject', { id, reason }, mutating(options));

// Content: news and check-in rewards.
export type NewsFilter = BodyOf<typeof staffListNews>;
export type NewsItem = DataOf<typeof staffListNews>['items'][number];
export type SaveNewsBody = BodyOf<typeof staffSaveNews>;
export type CheckinReward = DataOf<typeof staffListCheckinRewards>['items'][number];
export type SaveRewardBody = BodyOf<typeof staffSaveCheckinReward>;

export const fetchNews = (body: NewsFilter, options?: CallOptions) =>
  callConsole<CursorPage<NewsItem>>('news/list', body, options);
export const saveNews = (body: SaveNewsBody, options?: CallOptions) =>
  callConsole<NewsItem>('news/save', body, mutating(options));
export const deleteNews = (id: string, reason: string, options?: CallOptions) =>
  callConsole<null>('news/delete', { id, reason }, mutating(options));
export const fetchCheckinRewards = (options?: CallOptions) =>
  callConsole<{ items: CheckinReward[] }>('checkin/rewards', {}, options);
export const saveCheckinReward = (body: SaveRewardBody, options?: CallOptions) =>
  callConsole<{ id: string }>('checkin/saveReward', body, mutating(options));

// Market: the trading calendar.
export type CalendarDay = DataOf<typeof listCalendarDays>['days'][number];
export type AddCalendarDayBody = BodyOf<typeof addCalendarDay>;
export const fetchCalendarDays = (year: number | undefined, options?: CallOptions) =>
  callConsole<{ days: CalendarDay[] }>('calendar/listDays', year ? { year } : {}, options);
export const addCalendarDayWithDescription = (body: AddCalendarDayBody, options?: CallOptions) =>
  callConsole<CalendarDay>('calendar/addDay', body, mutating(options));

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
