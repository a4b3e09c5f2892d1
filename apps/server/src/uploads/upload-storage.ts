import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadStorageConfig } from '../config.js';

/**
 * Where uploaded evidence files live. Keys are random hex names the server made (never a client's
 * file name), so a key can never climb out of its folder or guess another file.
 */
export interface UploadStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no file has that key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;

function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not an upload key: ${key}`);
}

/** Files in a local folder (the default: `<data dir>/uploads`), two levels of fan-out by name. */
export class LocalFolderStorage implements UploadStorage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = `${target}.partial`;
    await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), private objects read only
 * through the server. The SDK is loaded only when this storage is configured.
 */
export class S3Storage implements UploadStorage {
  readonly kind = 's3' as const;
  private client: Promise<import('@aws-sdk/client-s3').S3Client> | undefined;
  constructor(private readonly options: NonNullable<UploadStorageConfig['s3']>) {}

  private async sdk() {
    const sdk = await import('@aws-sdk/client-s3');
    this.client ??= Promise.resolve(
      new sdk.S3Client({
        region: this.options.region,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint } : {}),
        forcePathStyle: this.options.forcePathStyle,
        ...(this.options.accessKeyId && this.options.secretAccessKey
          ? {
              credentials: {
                accessKeyId: this.options.accessKeyId,
                secretAccessKey: this.options.secretAccessKey,
              },
            }
          : {}),
      }),
    );
    return { sdk, client: await this.client };
  }

  private objectKey(key: string): string {
    assertKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const { sdk, client } = await this.sdk();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }
}

export function createUploadStorage(config: UploadStorageConfig): UploadStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalFolderStorage(config.dir);
}
