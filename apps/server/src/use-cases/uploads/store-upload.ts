import { createHash, randomBytes } from 'node:crypto';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUploadsSince, insertUpload } from '../../repositories/upload.repository.js';
import { inspectUpload, type UploadPurpose } from '../../uploads/inspect-upload.js';
import type { UploadStorage } from '../../uploads/upload-storage.js';

/** A user may upload this many files in 24 hours: enough for any honest retry, a wall for a flood. */
export const UPLOADS_PER_DAY_MAX = 50;

export interface StoredUpload {
  uploadId: string;
  contentType: string;
  size: number;
}

/**
 * Checks an uploaded file by its content, stores the re-encoded copy under a random name and
 * records it for its owner. A refused file leaves nothing behind.
 */
export async function storeUpload(
  deps: AppDeps & { uploads: UploadStorage },
  context: UserContext,
  input: { bytes: Buffer; purpose: UploadPurpose; fileName: string | undefined },
): Promise<StoredUpload> {
  const recent = await countUploadsSince(deps.db, context.user.id, context.nowMs - 86_400_000);
  if (recent >= UPLOADS_PER_DAY_MAX) refuse('TOO_FREQUENT');
  const inspected = await inspectUpload(input.bytes, input.purpose, input.fileName);
  const id = randomBytes(16).toString('hex');
  await deps.uploads.put(id, inspected.bytes, inspected.contentType);
  try {
    await insertUpload(deps.db, {
      id,
      userId: context.user.id,
      purpose: input.purpose,
      contentType: inspected.contentType,
      sizeBytes: inspected.bytes.length,
      sha256: createHash('sha256').update(inspected.bytes).digest('hex'),
      atMs: context.nowMs,
    });
  } catch (error) {
    await deps.uploads.remove(id);
    throw error;
  }
  return { uploadId: id, contentType: inspected.contentType, size: inspected.bytes.length };
}
