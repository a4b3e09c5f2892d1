import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../application/app-error.js';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Images with more pixels than this are refused before they are decoded, so a small file whose header
 * claims 100,000 x 100,000 pixels (a decompression bomb) cannot fill memory. 40 megapixels is more
 * than any phone photo of an ID card needs.
 */
export const UPLOAD_MAX_MEGAPIXELS = 40;
/** Re-encoded images are at most this many pixels on their long side: enough to read an ID card. */
export const UPLOAD_MAX_EDGE_PIXELS = 2560;

export type UploadPurpose = 'kyc' | 'receipt';
export type StoredContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const IMAGE_TYPES: readonly StoredContentType[] = ['image/jpeg', 'image/png', 'image/webp'];
const ALLOWED: Record<UploadPurpose, readonly StoredContentType[]> = {
  kyc: IMAGE_TYPES,
  receipt: [...IMAGE_TYPES, 'application/pdf'],
};
const ALLOWED_TEXT: Record<UploadPurpose, string> = {
  kyc: 'JPEG, PNG, WebP',
  receipt: 'JPEG, PNG, WebP, PDF',
};

/**
 * Markers of another format hidden in a file (a polyglot): markup or script that a browser could
 * run, a ZIP archive (its local header with a plausible version), or a PDF inside an image. Each is
 * an ASCII run long enough not to occur by chance in compressed image data.
 */
const FOREIGN_MARKERS = ['<script', '<html', '<?php', '<svg', '<iframe', 'javascript:'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: a ZIP local header is made of control bytes.
const ZIP_LOCAL_HEADER = /PK\x03\x04[\x0a\x14\x2d]\x00/;
/** PDF features that run code or carry other files: refused in a receipt. */
const PDF_ACTIVE_CONTENT =
  /\/(?:JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA|AA|OpenAction\s*<<[^>]*\/S\s*\/JavaScript)\b/;

export interface InspectedUpload {
  contentType: StoredContentType;
  bytes: Buffer;
}

/**
 * Judges an upload by its content, never its name, and makes the copy that is stored: images are
 * decoded and re-encoded in their own format (orientation applied, metadata such as GPS position
 * dropped, at most UPLOAD_MAX_EDGE_PIXELS on a side); a PDF receipt is kept as sent when it has no
 * active content. Refusals are AppErrors and nothing is stored.
 */
export async function inspectUpload(
  input: Buffer,
  purpose: UploadPurpose,
  fileName: string | undefined,
): Promise<InspectedUpload> {
  if (fileName !== undefined && !isPlainFileName(fileName)) throw new AppError('UPLOAD_FILE_NAME_INVALID');
  if (input.length === 0) throw new AppError('UPLOAD_EMPTY');
  if (input.length > UPLOAD_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', { limitBytes: UPLOAD_MAX_BYTES });
  const detected = await fileTypeFromBuffer(input);
  const contentType = detected?.mime as StoredContentType | undefined;
  if (!contentType || !ALLOWED[purpose].includes(contentType)) {
    throw new AppError('UPLOAD_TYPE_NOT_ALLOWED', { allowed: ALLOWED_TEXT[purpose] });
  }
  const latin1 = input.toString('latin1');
  const lower = latin1.toLowerCase();
  if (FOREIGN_MARKERS.some((marker) => lower.includes(marker)) || ZIP_LOCAL_HEADER.test(latin1)) {
    throw new AppError('UPLOAD_CONTENT_SUSPICIOUS');
  }
  if (contentType === 'application/pdf') {
    if (!latin1.startsWith('%PDF-') || !latin1.slice(-1024).includes('%%EOF'))
      throw new AppError('UPLOAD_UNREADABLE');
    if (PDF_ACTIVE_CONTENT.test(latin1)) throw new AppError('UPLOAD_CONTENT_SUSPICIOUS');
    return { contentType, bytes: input };
  }
  if (latin1.includes('%PDF-')) throw new AppError('UPLOAD_CONTENT_SUSPICIOUS');
  return { contentType, bytes: await reencodeImage(input, contentType) };
}

async function reencodeImage(input: Buffer, contentType: StoredContentType): Promise<Buffer> {
  const limitInputPixels = UPLOAD_MAX_MEGAPIXELS * 1_000_000;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError('UPLOAD_UNREADABLE');
  }
  // The header is read first: a bomb is refused by its claimed size before any pixel is decoded.
  if (!metadata.width || !metadata.height) throw new AppError('UPLOAD_UNREADABLE');
  if (metadata.width * metadata.height > limitInputPixels || (metadata.pages ?? 1) > 1) {
    throw new AppError('UPLOAD_DIMENSIONS_TOO_LARGE', { maxMegapixels: UPLOAD_MAX_MEGAPIXELS });
  }
  try {
    const image = sharp(input, { limitInputPixels, failOn: 'error', sequentialRead: true }).rotate().resize({
      width: UPLOAD_MAX_EDGE_PIXELS,
      height: UPLOAD_MAX_EDGE_PIXELS,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // sharp drops EXIF, XMP, ICC comments and other metadata unless asked to keep them.
    if (contentType === 'image/jpeg') return await image.jpeg({ quality: 85 }).toBuffer();
    if (contentType === 'image/png') return await image.png({ compressionLevel: 9 }).toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch (error) {
    if (String(error).includes('pixel limit')) {
      throw new AppError('UPLOAD_DIMENSIONS_TOO_LARGE', { maxMegapixels: UPLOAD_MAX_MEGAPIXELS });
    }
    throw new AppError('UPLOAD_UNREADABLE');
  }
}

/**
 * A client's file name is never used to store or serve a file; one that holds a path, a NUL or a
 * control character is refused outright, since it can only be an attempt to reach somewhere else.
 */
function isPlainFileName(fileName: string): boolean {
  if (fileName.length > 255) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[/\\\x00-\x1f\x7f]/.test(fileName)) return false;
  return !fileName.split('.').every((part) => part === '') && !fileName.includes('..');
}
