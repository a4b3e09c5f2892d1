import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../application/app-error.js';
import type { Db } from '../db/database.js';
import {
  completeIdempotencyKey,
  deleteIdempotencyKeyClaimedAt,
  deleteIdempotencyKeysClaimedBefore,
  deleteInProgressIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
} from '../repositories/idempotency-key.repository.js';
import { sha256Hex } from '../security/tokens.js';

/** How long a key's first reply is replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
const WAIT_STEP_MS = 25;
const WAIT_MAX_MS = 10_000;

/** A finished call's reply: its HTTP status and the exact JSON text sent. */
export interface StoredReply {
  httpStatus: number;
  bodyText: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; reply: StoredReply };

export function requestFingerprint(path: string, body: unknown): string {
  return sha256Hex(`${path}\n${canonicalJson(body)}`);
}

// Key order must not make the same body look different.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
}

/**
 * Claims a key before the call runs. The insert is the lock: of concurrent duplicates exactly one
 * inserts and runs; the others wait for its reply and replay it. The same key with another body is
 * refused. A key older than the window is forgotten and claimed afresh.
 */
export async function claimKey(
  db: Db,
  input: { scope: string; key: string; fingerprint: string; nowMs: number },
): Promise<Claim> {
  const deadline = Date.now() + WAIT_MAX_MS;
  for (;;) {
    const claimed = await insertIdempotencyKey(db, {
      scope: input.scope,
      key: input.key,
      requestHash: input.fingerprint,
      atMs: input.nowMs,
    });
    if (claimed) return { kind: 'claimed' };

    const existing = await findIdempotencyKey(db, input.scope, input.key);
    if (!existing) continue; // released between our insert and select: try to claim again
    if (existing.createdAtMs + IDEMPOTENCY_WINDOW_MS <= input.nowMs) {
      await deleteIdempotencyKeyClaimedAt(db, input.scope, input.key, existing.createdAtMs);
      continue;
    }
    if (existing.requestHash !== input.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.state === 'done') {
      return {
        kind: 'replay',
        reply: { httpStatus: existing.httpStatus ?? 200, bodyText: existing.replyText ?? 'null' },
      };
    }
    if (Date.now() > deadline) throw new AppError('TOO_FREQUENT');
    await sleep(WAIT_STEP_MS);
  }
}

export async function completeKey(
  db: Db,
  input: { scope: string; key: string; reply: StoredReply },
): Promise<void> {
  await completeIdempotencyKey(db, {
    scope: input.scope,
    key: input.key,
    httpStatus: input.reply.httpStatus,
    replyText: input.reply.bodyText,
  });
}

/** Forgets a claim whose call failed unexpectedly (nothing was written), so a retry can run. */
export async function releaseKey(db: Db, input: { scope: string; key: string }): Promise<void> {
  await deleteInProgressIdempotencyKey(db, input.scope, input.key);
}

/** Deletes keys past the window; the engine's housekeeping calls it. */
export async function purgeExpiredKeys(db: Db, nowMs: number): Promise<number> {
  return deleteIdempotencyKeysClaimedBefore(db, nowMs - IDEMPOTENCY_WINDOW_MS);
}
