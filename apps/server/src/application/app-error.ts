import type { ErrorCode, ErrorParams } from '@nivesh/contract';

/**
 * An expected refusal: a stable code from the catalogue with its parameters. Use cases throw it so
 * the surrounding transaction rolls back and nothing is half written; the error handler turns it
 * into the reply envelope in the caller's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(code);
  }
}

export const refuse = (code: ErrorCode, params: ErrorParams = {}): never => {
  throw new AppError(code, params);
};
