import { inflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { BhavcopyFileError } from './bhavcopy-file-error.js';
import { type BhavcopyParseResult, type ParseBhavcopyOptions, parseBhavcopy } from './parse-bhavcopy.js';

/**
 * Largest CSV accepted, zipped or not. A full day's CM bhavcopy is a few megabytes; the limit
 * keeps a hostile archive from inflating into memory.
 */
export const BHAVCOPY_BYTES_MAX = 64 * 1024 * 1024;

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export interface BhavcopyFile {
  /** The CSV's name inside the zip, when the file was a zip. */
  entryName: string | undefined;
  text: string;
}

/**
 * The CSV text of an uploaded bhavcopy: a zip (as NSE publishes it) holding exactly one CSV, or
 * the CSV itself, decoded as UTF-8. Throws BhavcopyFileError for a zip with no CSV or several, a
 * file over BHAVCOPY_BYTES_MAX, or bytes that are not UTF-8.
 */
export function decodeBhavcopyFile(bytes: Uint8Array): BhavcopyFile {
  if (bytes.length > BHAVCOPY_BYTES_MAX) {
    throw new BhavcopyFileError('BHAVCOPY_TOO_LARGE', 'the bhavcopy file is too large');
  }
  if (!isZip(bytes)) return { entryName: undefined, text: decodeUtf8(bytes) };

  let files: Record<string, Uint8Array>;
  try {
    files = unzipNatively(bytes) ?? unzipInJavaScript(bytes);
  } catch (error) {
    if (error instanceof BhavcopyFileError) throw error;
    // Neither zlib nor fflate can tell a cut-off download from other damage; both are refused the
    // same way.
    throw new BhavcopyFileError('BHAVCOPY_ZIP_DAMAGED', 'the zip archive is truncated or damaged');
  }
  const entries = Object.entries(files);
  if (entries.length !== 1) {
    throw new BhavcopyFileError(
      'BHAVCOPY_ZIP_ENTRIES',
      `the zip must hold exactly one CSV file, it holds ${entries.length}`,
    );
  }
  const [entryName, content] = entries[0]!;
  if (content.length > BHAVCOPY_BYTES_MAX) {
    throw new BhavcopyFileError('BHAVCOPY_TOO_LARGE', `${entryName} is too large once unzipped`);
  }
  return { entryName, text: decodeUtf8(content) };
}

/** Decodes (unzipping if needed) and parses an uploaded bhavcopy. */
export function readBhavcopyFile(
  bytes: Uint8Array,
  options: ParseBhavcopyOptions = {},
): BhavcopyParseResult & { entryName: string | undefined } {
  const file = decodeBhavcopyFile(bytes);
  return { ...parseBhavcopy(file.text, options), entryName: file.entryName };
}

function unzipInJavaScript(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes, {
    filter: (file) => {
      if (!isCsvEntry(file.name)) return false;
      refuseTooLarge(file.name, file.originalSize);
      return true;
    },
  });
}

function refuseTooLarge(name: string, size: number): void {
  if (size > BHAVCOPY_BYTES_MAX) {
    throw new BhavcopyFileError('BHAVCOPY_TOO_LARGE', `${name} is too large once unzipped`);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A 32-bit size or offset of this value means the real one is in a ZIP64 record. */
const ZIP64_MARK = 0xffffffff;

/**
 * The CSV entries of a plain zip (stored or deflated, as NSE's are), inflated by Node's zlib: a
 * day's file inflates in a few milliseconds, where fflate's JavaScript inflater, still cold in a
 * one-off import, takes tens (docs/adr/0036-nse-import-in-batches.md). Answers undefined for what
 * this reader leaves to fflate (ZIP64, another compression method, encryption); throws for damage.
 */
function unzipNatively(bytes: Uint8Array): Record<string, Uint8Array> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const entryCount = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (at === ZIP64_MARK) return undefined;
  const files: Record<string, Uint8Array> = {};
  for (let entry = 0; entry < entryCount; entry++) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new RangeError('bad directory entry');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skipLength = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skipLength;
    if (!isCsvEntry(name)) continue;
    const isEncrypted = (flags & 1) === 1;
    if (
      isEncrypted ||
      (method !== 0 && method !== 8) ||
      [compressedSize, size, localAt].includes(ZIP64_MARK)
    ) {
      return undefined;
    }
    refuseTooLarge(name, size);
    if (view.getUint32(localAt, true) !== LOCAL_HEADER) throw new RangeError('bad local header');
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    if (data.length !== compressedSize) throw new RangeError('truncated entry');
    const content =
      method === 0 ? data : new Uint8Array(inflateRawSync(data, { maxOutputLength: BHAVCOPY_BYTES_MAX + 1 }));
    if (content.length !== size) throw new RangeError('entry size differs from the directory');
    files[name] = content;
  }
  return files;
}

/** Where the end-of-central-directory record starts: within the last 64 KiB (its comment's limit). */
function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new RangeError('no end of central directory');
}

function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** CSV entries, leaving out folders and macOS resource forks (`__MACOSX/…`). */
function isCsvEntry(name: string): boolean {
  return name.toLowerCase().endsWith('.csv') && !name.startsWith('__MACOSX/');
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BhavcopyFileError('BHAVCOPY_NOT_UTF8', 'the bhavcopy file is not UTF-8 text');
  }
}
