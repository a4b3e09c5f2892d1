import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserFlag } from '../db/schema.js';
import { newSessionToken, sha256Hex } from '../security/tokens.js';
import { type Arg, compiledQuery } from './compiled-query.js';
import { updateRows } from './row-writes.js';
import { announceSessionChange } from './session-changes.js';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export interface CreatedSession {
  id: bigint;
  token: string;
}

export async function createSession(
  db: Db,
  input: {
    userId: bigint;
    nowMs: number;
    policy: SessionPolicy;
    ip?: string;
    userAgent?: string | undefined;
  },
): Promise<CreatedSession> {
  const token = newSessionToken();
  const now = new Date(input.nowMs);
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: input.userId,
      token_hash: sha256Hex(token),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(input.nowMs + input.policy.absoluteHours * 3_600_000),
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 256) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

export interface LiveSession {
  sessionId: bigint;
  userId: bigint;
  phone: string;
  lastSeenMs: number;
  /** `last_seen_at` after this read: now when this read touched it. */
  seenAtMs: number;
  expiresAtMs: number;
  flags: UserFlag[];
  kycStatus: 'unverified' | 'pending' | 'verified' | 'rejected';
  dayTradingStatus: 'none' | 'pending' | 'approved' | 'rejected';
  /** The paper account the session acts as, null in the real book (docs/adr/0026-paper-trading.md). */
  paperUserId: bigint | null;
}

/** How often a session's `last_seen_at` is written at most (the idle expiry counts from it). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * The session a token names when it is neither revoked nor past its absolute or idle expiry.
 * Touches `last_seen_at` at most once a minute, so reads do not each become a write.
 */
export async function findLiveSession(
  db: Db,
  token: string,
  nowMs: number,
  policy: SessionPolicy,
): Promise<LiveSession | undefined> {
  const [row] = await selectLiveSession(db, { tokenHash: sha256Hex(token) });
  if (!row) return undefined;
  const lastSeenMs = row.last_seen_at.getTime();
  if (row.expires_at.getTime() <= nowMs) return undefined;
  if (lastSeenMs + policy.idleMinutes * 60_000 <= nowMs) return undefined;
  const touches = nowMs - lastSeenMs > SESSION_TOUCH_INTERVAL_MS;
  if (touches) await touchSession(db, { id: row.id, seenAt: new Date(nowMs) });
  return {
    sessionId: row.id,
    userId: row.user_id,
    phone: row.phone,
    lastSeenMs,
    seenAtMs: touches ? nowMs : lastSeenMs,
    expiresAtMs: row.expires_at.getTime(),
    flags: row.flags,
    kycStatus: row.kyc_status,
    dayTradingStatus: row.day_trading_status,
    paperUserId: row.paper_user_id ?? null,
  };
}

// Every authenticated call the session cache does not hold reads these: compiled once (docs/adr/0038).
const selectLiveSession = compiledQuery((db, arg: Arg<{ tokenHash: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // A session in the paper book acts as the investor's current paper account (docs/adr/0026).
    .leftJoin('paper_accounts', (join) =>
      join.onRef('paper_accounts.user_id', '=', 'sessions.user_id').on('sessions.book', '=', 'paper'),
    )
    .select([
      'paper_accounts.paper_user_id',
      'sessions.id',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.phone',
      'users.kyc_status',
      'users.day_trading_status',
      // The account's flags in the same statement: every authenticated call reads them.
      sql<UserFlag[]>`coalesce(array(SELECT f.flag FROM user_flags f WHERE f.user_id = users.id), '{}')`.as(
        'flags',
      ),
    ])
    .where('sessions.token_hash', '=', arg('tokenHash'))
    .where('sessions.revoked_at', 'is', null),
);
const touchSession = compiledQuery((db, arg: Arg<{ id: bigint; seenAt: Date }>) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: arg('seenAt') })
    .where('id', '=', arg('id')),
);

/**
 * Whether a session is still live (not revoked, not past its absolute or idle expiry) without
 * touching it: a WebSocket re-checks the session it authenticated with this way.
 */
export async function isSessionLive(
  db: Db,
  sessionId: bigint,
  nowMs: number,
  policy: SessionPolicy,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select(['last_seen_at', 'expires_at'])
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  return row.expires_at.getTime() > nowMs && row.last_seen_at.getTime() + policy.idleMinutes * 60_000 > nowMs;
}

export async function revokeSession(db: Db, sessionId: bigint, nowMs: number, reason: string): Promise<void> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(nowMs), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .execute();
  for (const row of rows) announceSessionChange(row.user_id);
}

/** Revokes every live session of a user except, optionally, one; returns how many were revoked. */
export async function revokeUserSessions(
  db: Db,
  input: { userId: bigint; nowMs: number; reason: string; exceptSessionId?: bigint },
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(input.nowMs), revoked_reason: input.reason })
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null);
  if (input.exceptSessionId !== undefined) query = query.where('id', '!=', input.exceptSessionId);
  const result = await query.executeTakeFirst();
  announceSessionChange(input.userId);
  return Number(result.numUpdatedRows);
}

/**
 * Stores a new login password hash and signs out every session but, optionally, the one making the
 * change; answers how many sessions were signed out.
 */
export async function replaceLoginPassword(
  db: Db,
  input: { userId: bigint; passwordHash: string; nowMs: number; reason: string; keepSessionId?: bigint },
): Promise<number> {
  await updateRows(
    db,
    'users',
    { id: input.userId },
    { password_hash: input.passwordHash, password_changed_at: new Date(input.nowMs) },
  );
  return revokeUserSessions(db, {
    userId: input.userId,
    nowMs: input.nowMs,
    reason: input.reason,
    ...(input.keepSessionId === undefined ? {} : { exceptSessionId: input.keepSessionId }),
  });
}

// The investor's own sessions (use-cases/accounts/manage-own-sessions.ts).

/** A user's live sessions: not revoked, not past their absolute expiry, seen since `seenSinceMs`. */
export async function listLiveSessions(
  db: Db,
  input: { userId: bigint; nowMs: number; seenSinceMs: number; limit: number },
): Promise<
  { id: bigint; createdAtMs: number; lastSeenAtMs: number; ip: string | null; userAgent: string | null }[]
> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(input.nowMs))
    .where('last_seen_at', '>', new Date(input.seenSinceMs))
    .orderBy('last_seen_at', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAtMs: row.created_at.getTime(),
    lastSeenAtMs: row.last_seen_at.getTime(),
    ip: row.ip,
    userAgent: row.user_agent,
  }));
}

/** Whether a session of this user is not revoked, its row locked until the transaction ends. */
export async function lockUnrevokedSession(trx: Db, userId: bigint, sessionId: bigint): Promise<boolean> {
  const row = await trx
    .selectFrom('sessions')
    .select(['id', 'revoked_at'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

export interface SessionSummary {
  id: bigint;
  createdAtMs: number;
  lastSeenAtMs: number;
  expiresAtMs: number;
  ip: string | null;
  userAgent: string | null;
}

export async function listOpenSessions(
  db: Db,
  userId: bigint,
  nowMs: number,
  limit: number,
): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAtMs: row.created_at.getTime(),
    lastSeenAtMs: row.last_seen_at.getTime(),
    expiresAtMs: row.expires_at.getTime(),
    ip: row.ip,
    userAgent: row.user_agent,
  }));
}

export async function revokeOpenSession(
  db: Db,
  input: { userId: bigint; sessionId: bigint; nowMs: number; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(input.nowMs), revoked_reason: input.reason })
    .where('id', '=', input.sessionId)
    .where('user_id', '=', input.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(input.nowMs))
    .executeTakeFirst();
  announceSessionChange(input.userId);
  return Number(result.numUpdatedRows) > 0;
}
