import { useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { createIdempotencyKey } from '../../api/idempotency';
import { formatServerMessage, type MessageParams } from '../../api/server-message';
import { i18n } from '../../i18n';
import { detectLanguage } from '../../i18n/language';
import { readAccount, readToken } from '../../lib/session';

// Shapes of the funds and identity calls (docs/api.md "Funds and identity"; packages/contract calls/funds.ts).

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';
export type IdType = 'pan' | 'aadhaar';

export interface KycSubmission {
  id: string;
  realName: string;
  idType: IdType;
  idNumber: string;
  status: 'pending' | 'verified' | 'rejected';
  rejectReason: string | null;
  frontImage: string;
  backImage: string;
  submittedAt: number;
  reviewedAt: number | null;
}

export interface AuthInfo {
  status: KycStatus;
  realName: string | null;
  submission: KycSubmission | null;
}

export interface Destination {
  id: string;
  kind: 'bank' | 'wallet';
  holderName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  bankName: string | null;
  branchName: string | null;
  network: 'TRC20' | 'ERC20' | null;
  address: string | null;
  createdAt: number;
  usableFrom: number;
  usable: boolean;
}

export interface DepositChannel {
  id: string;
  kind: 'bank' | 'upi' | 'usdt';
  name: string;
  currency: string;
  min: string;
  max: string;
  windowFrom: string;
  windowTo: string;
  details: {
    accountName?: string;
    accountNumber?: string;
    ifsc?: string;
    bankName?: string;
    vpa?: string;
    payeeName?: string;
    network?: 'TRC20' | 'ERC20';
    address?: string;
  };
  qrCode: string | null;
  payerReference: 'utr' | 'tx_hash';
}

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface Deposit {
  id: string;
  channelId: string;
  channelName: string;
  amount: string;
  currency: string;
  payerReference: string;
  receiptImage: string;
  sourceId: string;
  status: ReviewState;
  rejectReason: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

export interface WithdrawalQuote {
  amount: string;
  fee: string;
  net: string;
  currency: string;
  withdrawable: string;
  min: string;
  max: string;
  windowFrom: string;
  windowTo: string;
  workingDaysOnly: boolean;
  inWindow: boolean;
  arrival: string;
}

export interface Withdrawal {
  id: string;
  destinationId: string;
  destination: string;
  amount: string;
  fee: string;
  net: string;
  currency: string;
  status: ReviewState;
  approvals: number;
  approvalsRequired: number;
  payoutReference: string | null;
  rejectReason: string | null;
  createdAt: number;
  reviewedAt: number | null;
  arrival: string;
}

export interface ExchangeRate {
  from: string;
  to: string;
  rate: string;
  spreadBps: number;
}

export interface ExchangeQuote extends ExchangeRate {
  amount: string;
  receive: string;
}

export interface ExchangeRecord extends ExchangeQuote {
  id: string;
  entryId: string;
  createdAt: number;
}

export type FundTab = 'trade' | 'recharge' | 'withdrawal';

export interface FundRecordPosting {
  [field: string]: unknown;
}

export interface FundRecord {
  id: string;
  tab: FundTab;
  kind: string;
  status: ReviewState | 'posted';
  amount: string;
  fee: string;
  currency: string;
  reference: string | null;
  detail: string | null;
  rejectReason: string | null;
  createdAt: number;
  decidedAt: number | null;
  postings: FundRecordPosting[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

// Reads.

export const useAuthInfo = () => useApiQuery<AuthInfo>('user/authInfo');
export const useBankList = () => useApiQuery<{ items: Destination[] }>('bank/list');
export const useWalletList = (enabled = true) =>
  useApiQuery<{ items: Destination[] }>('wallet/list', {}, { enabled, retry: false });
export const useDepositChannels = () => useApiQuery<{ items: DepositChannel[] }>('recharge/channels');
export const useExchangeRates = () => useApiQuery<{ items: ExchangeRate[] }>('exchange/rates');
export const useExchangeRecords = () => useApiQuery<Page<ExchangeRecord>>('exchange/records', { limit: 20 });

export function useCashoutQuote(amount: string | null, destinationId: string | null) {
  const body: { amount?: string; destinationId?: string } = {};
  if (amount) body.amount = amount;
  if (destinationId) body.destinationId = destinationId;
  return useApiQuery<WithdrawalQuote>('cashout/quote', body, { placeholderData: (previous) => previous });
}

/** Refreshes every funds read after a change (lists, balances, records). */
export function useInvalidateFunds() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const path = String(query.queryKey[1] ?? '');
        return /^(user\/|bank\/|wallet\/|recharge\/|cashout\/|exchange\/)/.test(path);
      },
    });
}

// Writes: refusals are shown by the screen next to the form (silent: no toast on top).

export function useFundsMutation<TData, TBody extends object>(
  path: string,
  onSuccess?: (data: TData) => void,
) {
  const invalidate = useInvalidateFunds();
  return useApiMutation<TData, TBody>(path, {
    silent: true,
    onSuccess: (data) => {
      void invalidate();
      onSuccess?.(data);
    },
  });
}

// Uploads.

export type UploadPurpose = 'kyc' | 'receipt';

export interface UploadReply {
  uploadId: string;
  contentType: string;
  size: number;
}

function translate(key: string): string {
  return i18n.isInitialized ? i18n.t(key) : key;
}

/**
 * Sends one file to POST /api/vue/upload/file?purpose=… as multipart and answers its upload id.
 * Refusals (type, size, suspicious content) come back as an ApiError with the server's message.
 */
export async function uploadFile(purpose: UploadPurpose, file: File): Promise<UploadReply> {
  const form = new FormData();
  form.append('file', file, file.name.replace(/[/\\]/g, '_'));
  const headers: Record<string, string> = {
    Accept: 'application/json',
    lang: detectLanguage(),
    'Idempotency-Key': createIdempotencyKey(),
  };
  const token = readToken();
  const account = readAccount();
  if (token) headers.token = token;
  if (account) headers.account = account;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}upload/file?purpose=${purpose}`, {
      method: 'POST',
      headers,
      body: form,
    });
  } catch {
    throw new ApiError('network', translate('errors.network'));
  }
  let envelope: { status?: number; msg?: string; data?: UploadReply; code?: string; params?: MessageParams } =
    {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // no body: handled below
  }
  if (response.ok && envelope.status === 1 && envelope.data) return envelope.data;
  const message = envelope.msg
    ? formatServerMessage(envelope.msg, envelope.params, {
        language: detectLanguage(),
        genericError: translate('errors.generic'),
      })
    : translate('funds.upload.failed');
  throw new ApiError(response.ok ? 'business' : 'http', message, {
    httpStatus: response.status,
    ...(envelope.code ? { code: envelope.code } : {}),
  });
}
