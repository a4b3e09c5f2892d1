import type { Db } from '../db/database.js';
import type { UploadsTable } from '../db/schema.js';
import { findRow } from './row-lookups.js';

export interface UploadRecord {
  id: string;
  userId: bigint;
  purpose: UploadsTable['purpose'];
  contentType: UploadsTable['content_type'];
  sizeBytes: number;
  createdAtMs: number;
}

export async function insertUpload(
  db: Db,
  upload: Omit<UploadRecord, 'createdAtMs'> & { sha256: string; atMs: number },
) {
  await db
    .insertInto('uploads')
    .values({
      id: upload.id,
      user_id: upload.userId,
      purpose: upload.purpose,
      content_type: upload.contentType,
      size_bytes: upload.sizeBytes,
      sha256: upload.sha256,
      created_at: new Date(upload.atMs),
    })
    .execute();
}

export async function findUpload(db: Db, id: string): Promise<UploadRecord | undefined> {
  if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
  const row = await findRow(db, 'uploads', { id });
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      purpose: row.purpose,
      contentType: row.content_type,
      sizeBytes: row.size_bytes,
      createdAtMs: row.created_at.getTime(),
    }
  );
}

/** How many files a user uploaded since a moment: uploads are limited per day. */
export async function countUploadsSince(db: Db, userId: bigint, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', new Date(sinceMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An upload of the user's own, for the purpose, or the refusal `UPLOAD_NOT_FOUND`. */
export async function findOwnUpload(
  db: Db,
  userId: bigint,
  id: string,
  purpose: UploadsTable['purpose'],
): Promise<UploadRecord | undefined> {
  const upload = await findUpload(db, id);
  return upload && upload.userId === userId && upload.purpose === purpose ? upload : undefined;
}
