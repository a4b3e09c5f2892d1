import { type ErrorCode, errorMessage, httpStatusOf, type Language } from '@nivesh/contract';

/** Kite's exception types (reference §2), named by `error_type` in every error reply. */
export type KiteErrorType =
  | 'TokenException'
  | 'UserException'
  | 'OrderException'
  | 'InputException'
  | 'MarginException'
  | 'HoldingException'
  | 'NetworkException'
  | 'DataException'
  | 'GeneralException'
  | 'PermissionException';

/** Codes an expired, revoked or wrong credential answers: the client's session_expiry_hook fires. */
const TOKEN_CODES = new Set<ErrorCode>([
  'UNAUTHORIZED',
  'KITE_SESSION_INVALID',
  'KITE_REQUEST_TOKEN_INVALID',
  'KITE_CHECKSUM_INVALID',
]);

/** Bad input the caller can fix: Kite's InputException (400). */
const INPUT_CODES = new Set<ErrorCode>([
  'VALIDATION_FAILED',
  'KITE_INPUT_INVALID',
  'KITE_VARIETY_UNSUPPORTED',
  'KITE_VALIDITY_UNSUPPORTED',
  'INSTRUMENT_NOT_FOUND',
  'INSTRUMENT_NOT_TRADABLE',
  'NOT_YET_LISTED',
  'PRICE_OFF_TICK',
  'PRICE_NOT_POSITIVE',
  'ORDER_PRICE_REQUIRED',
  'QUANTITY_NOT_WHOLE',
  'QUANTITY_BELOW_MINIMUM',
  'SELL_QUANTITY_NOT_POSITIVE',
  'PRODUCT_CONFLICT',
  'PRODUCT_NOT_ALLOWED',
  'LEVERAGE_NOT_ALLOWED',
  'SHORT_NOT_ALLOWED',
  'TRIGGER_PRICE_INVALID',
  'STOP_LIMIT_INVALID',
  'BEYOND_PRICE_LIMIT',
  'OPENING_AMOUNT_BELOW_MINIMUM',
  'PERIOD_UNKNOWN',
  'ORDER_MODIFY_NOTHING',
  'API_APP_NOT_FOUND',
  'GTT_TRIGGER_INVALID',
  'GTT_EXPIRY_INVALID',
  'GTT_NOT_FOUND',
  'GTT_ACTIVE_TOO_MANY',
  'AMO_DURING_SESSION',
  'POSITION_CONVERT_INVALID',
]);

const MARGIN_CODES = new Set<ErrorCode>(['FUNDS_INSUFFICIENT', 'BALANCE_INSUFFICIENT']);
const HOLDING_CODES = new Set<ErrorCode>([
  'QUANTITY_ABOVE_HOLDING',
  'POSITION_LENT',
  'LOCKED_T_PLUS_DAYS',
  'LOCKED_MINUTES',
  'PARTIAL_SELL_NOT_ALLOWED',
  'GTT_HOLDING_REQUIRED',
]);

/**
 * The `error_type` and HTTP status of a refusal on the Kite transport (reference §2, §6): tokens
 * 403, input and order refusals 400, funds MarginException, holdings HoldingException, too frequent
 * 429, a missing route 404; any other refusal of the catalogue is an OrderException.
 */
export function kiteErrorOf(code: ErrorCode): { errorType: KiteErrorType; httpStatus: number } {
  if (TOKEN_CODES.has(code)) return { errorType: 'TokenException', httpStatus: 403 };
  if (INPUT_CODES.has(code)) return { errorType: 'InputException', httpStatus: 400 };
  if (MARGIN_CODES.has(code)) return { errorType: 'MarginException', httpStatus: 400 };
  if (HOLDING_CODES.has(code)) return { errorType: 'HoldingException', httpStatus: 400 };
  if (code === 'TOO_FREQUENT') return { errorType: 'NetworkException', httpStatus: 429 };
  if (code === 'ROUTE_NOT_FOUND') return { errorType: 'GeneralException', httpStatus: 404 };
  const status = httpStatusOf(code);
  if (status === 403 || status === 401) return { errorType: 'PermissionException', httpStatus: 403 };
  if (status >= 500) return { errorType: 'GeneralException', httpStatus: status };
  if (status === 400 || status === 413) return { errorType: 'InputException', httpStatus: 400 };
  return { errorType: 'OrderException', httpStatus: 400 };
}

/** Kite's error envelope: `{status: "error", message, error_type, data: null}`. */
export function kiteErrorBody(
  code: ErrorCode,
  language: Language,
  params: Record<string, string | number> = {},
) {
  return {
    status: 'error' as const,
    message: errorMessage(code, language, params),
    error_type: kiteErrorOf(code).errorType,
    data: null,
  };
}
