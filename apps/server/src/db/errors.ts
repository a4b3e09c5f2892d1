/** PostgreSQL error codes the code reacts to; matched on `.code`, as PGlite's classes are minified. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

const asPgError = (error: unknown): PgError => (error && typeof error === 'object' ? (error as PgError) : {});

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = asPgError(error);
  if (pg.code !== PG_UNIQUE_VIOLATION) return false;
  // PGlite does not always fill `constraint`; the message names it.
  return !constraint || pg.constraint === constraint || (pg.message ?? '').includes(constraint);
}

export function isTransientConflict(error: unknown): boolean {
  const code = asPgError(error).code;
  return code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK_DETECTED;
}

export function pgErrorCode(error: unknown): string | undefined {
  return asPgError(error).code;
}
