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
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!isCsvEntry(file.name)) return false;
        if (file.originalSize > BHAVCOPY_BYTES_MAX) {
          throw new BhavcopyFileError('BHAVCOPY_TOO_LARGE', `${file.name} is too large once unzipped`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof BhavcopyFileError) throw error;
    // fflate cannot tell a cut-off download from other damage; both are refused the same way.
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
