import { i18n } from '../i18n';
import { detectLanguage } from '../i18n/language';
import {
  LOGIN_PATH,
  REDIRECT_AFTER_UNAUTHORIZED_MS,
  REQUEST_TIMEOUT_MS,
  TOAST_DURATION_MS,
} from '../lib/constants';
import { clearSession, readAccount, readToken } from '../lib/session';
import { showToast } from '../lib/toast';
import type { CallBody, CallData, CallPath } from './calls';
import { notePaperMark } from './paper-book';
import { formatServerMessage, type MessageParams } from './server-message';

export const API_BASE = '/api/vue/';

/** The reply wrapper every call answers with: status 1 is success. */
export interface ApiEnvelope<T> {
  status: number;
  msg?: string;
  data: T;
  code?: string;
  params?: MessageParams;
}

/**
 * Why a call failed. "business" is a refusal the server explained (status 0, with a code);
 * "network" and "timeout" never reached an answer and may be retried with the same idempotency key.
 */
export type ApiErrorKind = 'business' | 'unauthorized' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: string | undefined;
  readonly params: MessageParams | undefined;
  readonly httpStatus: number | undefined;
  /** True once the user has been told (a toast), so screens need not tell again. */
  readonly isNotified: boolean;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { code?: string; params?: MessageParams; httpStatus?: number; isNotified?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = details.code;
    this.params = details.params;
    this.httpStatus = details.httpStatus;
    this.isNotified = details.isNotified ?? false;
  }

  /** The request may not have reached the server, or it failed there: the same submission may be retried. */
  get isRetryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || (this.httpStatus ?? 0) >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Side effects the client needs from the app; tests and the app replace them. */
export interface ApiHooks {
  notify: (message: string) => void;
  redirectToLogin: () => void;
  /** Where the platform requires a second factor, a session without one is sent to enrol it. */
  redirectToSecurityCentre: () => void;
}

/** The security centre, where a second factor is set up (docs/adr/0022-investor-two-factor.md). */
const SECURITY_CENTRE_PATH = '/information/aboutInfo';

const defaultHooks: ApiHooks = {
  notify: (message) => showToast(message, TOAST_DURATION_MS),
  redirectToLogin: () => {
    window.location.hash = `#${LOGIN_PATH}`;
  },
  redirectToSecurityCentre: () => {
    window.location.hash = `#${SECURITY_CENTRE_PATH}`;
  },
};

let hooks: ApiHooks = { ...defaultHooks };
let pendingLoginRedirect: ReturnType<typeof setTimeout> | undefined;

// Between a 401 and the login screen the session-expired toast is the whole story: screens whose
// reads failed with that 401 must not add "Can't reach Nivesh" under it (components/network-error).
let sessionEnding = false;
const sessionEndingListeners = new Set<() => void>();

function setSessionEnding(value: boolean): void {
  if (sessionEnding === value) return;
  sessionEnding = value;
  for (const listener of sessionEndingListeners) listener();
}

/** True from a 401 until the app has gone to the login screen. */
export function isSessionEnding(): boolean {
  return sessionEnding;
}

export function subscribeSessionEnding(listener: () => void): () => void {
  sessionEndingListeners.add(listener);
  return () => sessionEndingListeners.delete(listener);
}

export function setApiHooks(overrides: Partial<ApiHooks>): void {
  hooks = { ...defaultHooks, ...overrides };
}

/** Shows a short message (a toast for 2 seconds in the app). */
export function notifyUser(message: string): void {
  hooks.notify(message);
}

export interface ApiRequestOptions {
  /** Sent as Idempotency-Key; reuse it when retrying the same submission. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Do not toast a business refusal: the screen shows it itself. */
  silent?: boolean;
  timeoutMs?: number;
}

function requestHeaders(idempotencyKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    lang: detectLanguage(),
  };
  const token = readToken();
  const account = readAccount();
  if (token) headers.token = token;
  if (account) headers.account = account;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  return headers;
}

function translate(key: string, values?: Record<string, string>): string {
  return i18n.isInitialized ? i18n.t(key, values) : key;
}

function toastMessage(envelope: Partial<ApiEnvelope<unknown>>): string {
  return formatServerMessage(envelope.msg ?? '', envelope.params, {
    language: detectLanguage(),
    genericError: translate('errors.generic'),
    windowMessage: (range) => translate('errors.outsideWindow', { range }),
  });
}

/** A 401 ends the session: forget it and go to the login screen after 2 seconds (once). */
function handleUnauthorized(): ApiError {
  clearSession();
  const message = translate('errors.sessionExpired');
  hooks.notify(message);
  setSessionEnding(true);
  if (pendingLoginRedirect === undefined) {
    pendingLoginRedirect = setTimeout(() => {
      pendingLoginRedirect = undefined;
      hooks.redirectToLogin();
      setSessionEnding(false);
    }, REDIRECT_AFTER_UNAUTHORIZED_MS);
  }
  return new ApiError('unauthorized', message, { httpStatus: 401, isNotified: true });
}

async function readEnvelope(response: Response): Promise<Partial<ApiEnvelope<unknown>> | null> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Partial<ApiEnvelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/** How often a call the server answered "busy" (429 SERVER_BUSY) is sent again before giving up. */
export const BUSY_RETRIES_MAX = 3;
const BUSY_RETRY_SECONDS_DEFAULT = 2;
const BUSY_RETRY_SECONDS_MAX = 30;

/** Waits, or stops waiting when the caller aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Calls POST /api/vue/<area>/<action> with a JSON body and answers the reply's data. The path, the
 * body and the reply are typed from the call's definition in packages/contract (api/calls.ts).
 * A refusal is toasted for 2 seconds and thrown as an ApiError; a 401 also ends the session.
 *
 * A server beyond its capacity answers 429 SERVER_BUSY before doing anything, with the seconds to
 * wait (docs/adr/0030): the user is told "busy, retrying in N s" and the same request, with the same
 * Idempotency-Key, goes again after that wait, up to BUSY_RETRIES_MAX times.
 */
export async function call<Path extends CallPath>(
  path: Path,
  body: CallBody<Path>,
  options: ApiRequestOptions = {},
): Promise<CallData<Path>> {
  for (let retry = 0; ; retry++) {
    try {
      return await callOnce(path, body, options);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'SERVER_BUSY') throw error;
      if (retry >= BUSY_RETRIES_MAX) {
        if (!options.silent) hooks.notify(error.message);
        throw error;
      }
      const advised = Number(error.params?.retryAfterSeconds);
      const seconds =
        Number.isFinite(advised) && advised > 0
          ? Math.min(Math.ceil(advised), BUSY_RETRY_SECONDS_MAX)
          : BUSY_RETRY_SECONDS_DEFAULT;
      hooks.notify(translate('errors.busyRetrying', { seconds: String(seconds) }));
      await wait(seconds * 1000, options.signal);
    }
  }
}

async function callOnce<Path extends CallPath>(
  path: Path,
  body: CallBody<Path>,
  options: ApiRequestOptions,
): Promise<CallData<Path>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: requestHeaders(options.idempotencyKey),
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timedOut) throw new ApiError('timeout', translate('errors.timeout'));
    throw new ApiError('network', translate('errors.network'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.status === 401) throw handleUnauthorized();

  const envelope = await readEnvelope(response);
  notePaperMark(path, envelope);
  if (response.ok && envelope?.status === 1) return envelope.data as CallData<Path>;

  // A gateway that cannot reach the server (502, 503, 504 without our envelope) means the same to
  // the user as no connection: retry later.
  if (!envelope && [502, 503, 504].includes(response.status)) {
    throw new ApiError('network', translate('errors.network'), { httpStatus: response.status });
  }

  if (envelope?.code === 'TWO_FACTOR_REQUIRED') hooks.redirectToSecurityCentre();
  const hasMessage = typeof envelope?.msg === 'string' && envelope.msg !== '';
  const message = hasMessage ? toastMessage(envelope ?? {}) : translate('errors.server');
  // "Busy" is told by call(), which retries; the last refusal is shown like any other.
  const isBusy = response.status === 429 && envelope?.code === 'SERVER_BUSY';
  const shouldNotify = hasMessage && !options.silent && !isBusy;
  if (shouldNotify) hooks.notify(message);
  const details = {
    httpStatus: response.status,
    isNotified: shouldNotify,
    ...(envelope?.code ? { code: envelope.code } : {}),
    ...(envelope?.params ? { params: envelope.params } : {}),
  };
  throw new ApiError(response.ok ? 'business' : 'http', message, details);
}
