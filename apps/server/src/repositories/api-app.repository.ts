import type { Db } from '../db/database.js';
import { countRows, lockRecord } from './row-lookups.js';
import { updateRows } from './row-writes.js';

/** An investor's API app; the secret's hash and nonce stay in the repository. */
export interface ApiAppRecord {
  id: bigint;
  userId: bigint;
  name: string;
  redirectUrl: string;
  apiKey: string;
  secretNonce: string;
  createdAtMs: number;
  secretRotatedAtMs: number | null;
  /** 'paper': its sessions trade the investor's paper account (docs/adr/0026-paper-trading.md). */
  book: 'real' | 'paper';
}

type ApiAppRow = {
  id: bigint;
  user_id: bigint;
  name: string;
  redirect_url: string;
  api_key: string;
  secret_nonce: string;
  created_at: Date;
  secret_rotated_at: Date | null;
  book: 'real' | 'paper';
};

const appColumns = [
  'id',
  'user_id',
  'name',
  'redirect_url',
  'api_key',
  'secret_nonce',
  'created_at',
  'secret_rotated_at',
  'book',
] as const;

// Mapped by hand: the secret's hash never leaves the repository (row-records.ts maps every column).
const toApiApp = (row: ApiAppRow): ApiAppRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  redirectUrl: row.redirect_url,
  apiKey: row.api_key,
  secretNonce: row.secret_nonce,
  createdAtMs: row.created_at.getTime(),
  secretRotatedAtMs: row.secret_rotated_at?.getTime() ?? null,
  book: row.book,
});

export async function insertApiApp(
  trx: Db,
  input: {
    userId: bigint;
    name: string;
    redirectUrl: string;
    apiKey: string;
    secretNonce: string;
    secretHash: string;
    atMs: number;
    book?: 'real' | 'paper';
  },
): Promise<ApiAppRecord> {
  const row = await trx
    .insertInto('api_apps')
    .values({
      book: input.book ?? 'real',
      user_id: input.userId,
      name: input.name,
      redirect_url: input.redirectUrl,
      api_key: input.apiKey,
      secret_nonce: input.secretNonce,
      secret_hash: input.secretHash,
      created_at: new Date(input.atMs),
    })
    .returning(appColumns)
    .executeTakeFirstOrThrow();
  return toApiApp(row);
}

/** The investor's apps not deleted, oldest first. */
export async function listApiApps(db: Db, userId: bigint): Promise<ApiAppRecord[]> {
  const rows = await db
    .selectFrom('api_apps')
    .select(appColumns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(toApiApp);
}

export async function countApiApps(db: Db, userId: bigint): Promise<number> {
  return countRows(db, 'api_apps', { user_id: userId, deleted_at: null });
}

/** A live app by its public key, with the hash of its current secret. */
export async function findApiAppByKey(
  db: Db,
  apiKey: string,
): Promise<(ApiAppRecord & { secretHash: string }) | undefined> {
  const row = await db
    .selectFrom('api_apps')
    .select([...appColumns, 'secret_hash'])
    .where('api_key', '=', apiKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...toApiApp(row), secretHash: row.secret_hash } : undefined;
}

/** The investor's live app, locked until the transaction ends. */
export async function lockApiApp(trx: Db, id: bigint, userId: bigint): Promise<ApiAppRecord | undefined> {
  return lockRecord(trx, 'api_apps', { id, user_id: userId, deleted_at: null }, toApiApp);
}

export async function replaceApiAppSecret(
  trx: Db,
  input: { id: bigint; secretNonce: string; secretHash: string; atMs: number },
): Promise<ApiAppRecord> {
  const row = await trx
    .updateTable('api_apps')
    .set({
      secret_nonce: input.secretNonce,
      secret_hash: input.secretHash,
      secret_rotated_at: new Date(input.atMs),
    })
    .where('id', '=', input.id)
    .returning(appColumns)
    .executeTakeFirstOrThrow();
  return toApiApp(row);
}

export async function markApiAppDeleted(trx: Db, id: bigint, atMs: number): Promise<void> {
  await updateRows(trx, 'api_apps', { id }, { deleted_at: new Date(atMs) });
}
