export type BhavcopyFileErrorCode =
  | 'BHAVCOPY_EMPTY'
  | 'BHAVCOPY_UNKNOWN_FORMAT'
  | 'BHAVCOPY_NOT_UTF8'
  | 'BHAVCOPY_ZIP_ENTRIES'
  | 'BHAVCOPY_TOO_LARGE'
  | 'BHAVCOPY_ZIP_DAMAGED'
  | 'BHAVCOPY_OTHER_MARKET'
  | 'BHAVCOPY_NO_ROWS'
  | 'BHAVCOPY_NOT_TRADING_DAY';

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
