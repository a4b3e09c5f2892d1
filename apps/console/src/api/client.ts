import type { BodyOf, ConsoleCallDefinition, DataOf } from '@nivesh/contract';
import { mutating } from './idempotency-key';
import { clearStaffToken, readStaffToken } from './staff-token';

/**
 * The console's API client. Every call is a console call of the contract (`@nivesh/contract`), made
 * with `call(definition, body)`: `POST /api/console/<definition.path>` with a JSON body whose type is
 * the definition's body, answering the definition's reply, so a changed reply in the contract breaks
 * the console's build rather than a screen. The reply on the wire is the envelope
 * `{status: 1, msg, data}` or `{status: 0, code, msg, params}`.
 *
 * - With a session, the token goes in `x-staff-token`. HTTP 401 on such a call means the session
 *   is gone: the token is dropped (which sends the app back to sign-in) and SessionEndedError is
 *   thrown.
 * - HTTP 403 means the staff member's roles do not admit the call: an ApiRefusal with code
 *   FORBIDDEN, for the screen to show.
 * - A state-changing call (the definition says `mutates`) carries an `Idempotency-Key`: a fresh one,
 *   or the one in the options to repeat the same submission.
 */

export type RefusalParams = Record<string, string | number>;

/** The server refused the call (status 0), with its stable code and its message. */
export class ApiRefusal extends Error {
  override readonly name = 'ApiRefusal';
  constructor(
    readonly code: string,
    message: string,
    readonly params: RefusalParams,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** The staff session expired or was revoked; the app is already on its way to sign-in. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}

/** The server could not be reached or did not answer with an envelope. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
}

export interface CallOptions {
  /** Send an Idempotency-Key: a fresh one, or this one to repeat the same submission. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const API_BASE = '/api/console/';
const LANGUAGE = 'en';

interface SuccessEnvelope<D> {
  status: 1;
  msg: string;
  data: D;
}

interface RefusalEnvelope {
  status: 0;
  code: string;
  msg: string;
  params?: RefusalParams;
}

/** Makes one console call of the contract and answers its reply's data, or throws (see above). */
export function call<C extends ConsoleCallDefinition>(
  definition: C,
  body: BodyOf<C>,
  options: CallOptions = {},
): Promise<DataOf<C>> {
  return post<DataOf<C>>(definition.path, body, definition.mutates ? mutating(options) : options);
}

async function post<D>(path: string, body: unknown, options: CallOptions): Promise<D> {
  const token = readStaffToken();
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: LANGUAGE };
  if (token) headers['x-staff-token'] = token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new TransportError('The server could not be reached. Check your connection and try again.');
  }

  if (response.status === 401 && token) {
    clearStaffToken('expired');
    throw new SessionEndedError();
  }

  const envelope = await readEnvelope<D>(response);
  if (envelope.status === 1) return envelope.data;
  throw new ApiRefusal(envelope.code, envelope.msg, envelope.params ?? {}, response.status);
}

async function readEnvelope<D>(response: Response): Promise<SuccessEnvelope<D> | RefusalEnvelope> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new TransportError(`The server answered HTTP ${response.status} without a readable reply.`);
  }
  if (isEnvelope(parsed)) return parsed as SuccessEnvelope<D> | RefusalEnvelope;
  throw new TransportError(`The server answered HTTP ${response.status} with an unexpected reply.`);
}

function isEnvelope(value: unknown): value is { status: 0 | 1 } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    (value.status === 0 || value.status === 1)
  );
}

/** A sentence for the screen: what went wrong, in the server's words when it gave them. */
export function describeError(error: unknown): string {
  if (error instanceof ApiRefusal) {
    if (error.httpStatus === 403 || error.code === 'FORBIDDEN') {
      return `Your role does not allow this action (${error.message}).`;
    }
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
