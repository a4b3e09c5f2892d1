import { useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData, CallPath } from '../../api/calls';
import { API_BASE, ApiError } from '../../api/client';
import { useApiQuery, useFormMutation } from '../../api/hooks';
import { createIdempotencyKey } from '../../api/idempotency';
import { formatServerMessage, type MessageParams } from '../../api/server-message';
import { i18n } from '../../i18n';
import { detectLanguage } from '../../i18n/language';
import { readAccount, readToken } from '../../lib/session';

// Shapes of the funds and identity calls, from their definitions (packages/contract calls/funds.ts).

export type AuthInfo = CallData<'user/authInfo'>;
export type KycStatus = AuthInfo['status'];
export type KycSubmission = NonNullable<AuthInfo['submission']>;
export type IdType = CallBody<'user/authSubmit'>['idType'];
export type Destination = CallData<'bank/list'>['items'][number];
export type DepositChannel = CallData<'recharge/channels'>['items'][number];
export type Deposit = CallData<'recharge/submit'>;
export type ReviewState = Deposit['status'];
export type WithdrawalQuote = CallData<'cashout/quote'>;
export type Withdrawal = CallData<'cashout/submit'>;
export type ExchangeRate = CallData<'exchange/rates'>['items'][number];
export type ExchangeQuote = CallData<'exchange/quote'>;
export type ExchangeRecord = CallData<'exchange/submit'>;
export type FundRecordsPage = CallData<'user/fundRecords'>;
export type FundRecord = FundRecordsPage['items'][number];
export type FundTab = FundRecord['tab'];
export type FundRecordPosting = FundRecord['postings'][number];

// Reads.

export const useAuthInfo = () => useApiQuery('user/authInfo', {});
export const useBankList = () => useApiQuery('bank/list', {});
export const useWalletList = (enabled = true) => useApiQuery('wallet/list', {}, { enabled, retry: false });
export const useDepositChannels = () => useApiQuery('recharge/channels', {});
export const useExchangeRates = () => useApiQuery('exchange/rates', {});
export const useExchangeRecords = () => useApiQuery('exchange/records', { limit: 20 });

export function useCashoutQuote(amount: string | null, destinationId: string | null) {
  const body: CallBody<'cashout/quote'> = {};
  if (amount) body.amount = amount;
  if (destinationId) body.destinationId = destinationId;
  return useApiQuery('cashout/quote', body, { placeholderData: (previous) => previous });
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

export function useFundsMutation<Path extends CallPath>(
  path: Path,
  onSuccess?: (data: CallData<Path>) => void,
) {
  return useFormMutation(path, useInvalidateFunds(), onSuccess);
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
