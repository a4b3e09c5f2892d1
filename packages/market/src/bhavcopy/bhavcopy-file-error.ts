export type BhavcopyFileErrorCode =
  | 'BHAVCOPY_EMPTY'
  | 'BHAVCOPY_UNKNOWN_FORMAT'
  | 'BHAVCOPY_NOT_UTF8'
  | 'BHAVCOPY_ZIP_ENTRIES'
  | 'BHAVCOPY_TOO_LARGE';

/**
 * A whole file the importer cannot read (as opposed to bad rows, which the parser lists one by
 * one). `code` is stable, for the server's error catalog.
 */
export class BhavcopyFileError extends Error {
  override name = 'BhavcopyFileError';
  readonly code: BhavcopyFileErrorCode;

  constructor(code: BhavcopyFileErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
