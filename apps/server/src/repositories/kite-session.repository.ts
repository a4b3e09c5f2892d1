import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, stampOnce } from './row-writes.js';
import type { LiveSession } from './session.repository.js';

/** The values of a new token row from what a caller passes: `atMs` is when it is created. */
function newTokenRow<Input extends { atMs: number }>({ atMs, ...token }: Input) {
  return rowFromRecord({ ...token, createdAtMs: atMs });
}

/** Stores a request token's hash for one app and investor, valid until `expiresAtMs`. */
export async function insertRequestToken(
  trx: Db,
  input: { appId: bigint; userId: bigint; tokenHash: string; atMs: number; expiresAtMs: number },
): Promise<void> {
  await insertRow(trx, 'kite_request_tokens', newTokenRow(input));
}

/**
 * Uses a request token once: marks it used when it belongs to the app, is unused and not expired,
 * and answers its investor. A second use, a stale token or another app's answer undefined.
 */
export async function useRequestToken(
  trx: Db,
  input: { appId: bigint; tokenHash: string; nowMs: number },
): Promise<bigint | undefined> {
  const row = await trx
    .updateTable('kite_request_tokens')
    .set({ used_at: new Date(input.nowMs) })
    .where('token_hash', '=', input.tokenHash)
    .where('app_id', '=', input.appId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date(input.nowMs))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function insertKiteSession(
  trx: Db,
  input: {
    appId: bigint;
    userId: bigint;
    accessTokenHash: string;
    refreshTokenHash: string;
    atMs: number;
    expiresAtMs: number;
    refreshExpiresAtMs: number;
  },
): Promise<bigint> {
  return (await insertRow(trx, 'kite_sessions', newTokenRow(input))).id;
}

/** The investor a live access token of a live app names, with what a trading call checks. */
export interface LiveKiteSession
  extends Pick<LiveSession, 'sessionId' | 'userId' | 'phone' | 'flags' | 'kycStatus' | 'dayTradingStatus'> {
  appId: bigint;
  createdAtMs: number;
  /** The app's book; a paper app's sessions act as the investor's current paper account (docs/adr/0026). */
  book: 'real' | 'paper';
  paperUserId: bigint | null;
}

export async function findLiveKiteSession(
  db: Db,
  input: { apiKey: string; accessTokenHash: string; nowMs: number },
): Promise<LiveKiteSession | undefined> {
  const row = await db
    .selectFrom('kite_sessions')
    .innerJoin('api_apps', 'api_apps.id', 'kite_sessions.app_id')
    .innerJoin('users', 'users.id', 'kite_sessions.user_id')
    .leftJoin('paper_accounts', 'paper_accounts.user_id', 'kite_sessions.user_id')
    .select([
      'api_apps.book',
      'paper_accounts.paper_user_id',
      'kite_sessions.id as session_id',
      'kite_sessions.app_id',
      'kite_sessions.user_id',
      'kite_sessions.created_at',
      'users.phone',
      'users.kyc_status',
      'users.day_trading_status',
      sql<UserFlag[]>`coalesce(array(SELECT f.flag FROM user_flags f WHERE f.user_id = users.id), '{}')`.as(
        'flags',
      ),
    ])
    .where('kite_sessions.access_token_hash', '=', input.accessTokenHash)
    .where('api_apps.api_key', '=', input.apiKey)
    .where('api_apps.deleted_at', 'is', null)
    .where('kite_sessions.revoked_at', 'is', null)
    .where('kite_sessions.expires_at', '>', new Date(input.nowMs))
    .executeTakeFirst();
  return row && recordFromRow(row);
}

/**
 * Spends a refresh token of the app: its session's access token ends with it (a renewal replaces
 * the session), and the investor is answered. Undefined when unknown, spent, revoked or expired.
 */
export async function useRefreshToken(
  trx: Db,
  input: { appId: bigint; refreshTokenHash: string; nowMs: number },
): Promise<bigint | undefined> {
  const now = new Date(input.nowMs);
  const row = await trx
    .updateTable('kite_sessions')
    .set({ refresh_revoked_at: now, revoked_at: sql`coalesce(revoked_at, ${now})` })
    .where('refresh_token_hash', '=', input.refreshTokenHash)
    .where('app_id', '=', input.appId)
    .where('refresh_revoked_at', 'is', null)
    .where('refresh_expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Ends the access token (logout); answers whether a live one was ended. */
export async function revokeAccessToken(
  trx: Db,
  input: { appId: bigint; accessTokenHash: string; nowMs: number },
): Promise<boolean> {
  const session = { access_token_hash: input.accessTokenHash, app_id: input.appId };
  return stampOnce(trx, 'kite_sessions', session, 'revoked_at', input.nowMs);
}

/** Ends the refresh token, leaving its access token as it is. */
export async function revokeRefreshToken(
  trx: Db,
  input: { appId: bigint; refreshTokenHash: string; nowMs: number },
): Promise<boolean> {
  const session = { refresh_token_hash: input.refreshTokenHash, app_id: input.appId };
  return stampOnce(trx, 'kite_sessions', session, 'refresh_revoked_at', input.nowMs);
}

/** Ends every session of an app (its secret rotated or the app deleted). */
export async function revokeAppSessions(trx: Db, appId: bigint, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  const result = await trx
    .updateTable('kite_sessions')
    .set({
      revoked_at: sql`coalesce(revoked_at, ${now})`,
      refresh_revoked_at: sql`coalesce(refresh_revoked_at, ${now})`,
    })
    .where('app_id', '=', appId)
    .where((eb) => eb.or([eb('revoked_at', 'is', null), eb('refresh_revoked_at', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
