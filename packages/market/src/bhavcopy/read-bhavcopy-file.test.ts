import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBhavcopyFile, readBhavcopyFile } from './read-bhavcopy-file.js';

const csv = [
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
  '20MICRONS,EQ,31,32.3,30.75,31.75,31.8,29.5,204437,6486718.85,08-JUN-2020,1636,INE144J01027,',
  '',
].join('\n');

describe('bhavcopy file reader', () => {
  it('unzips the single CSV of a zipped bhavcopy, as NSE publishes it', () => {
    const zipped = zipSync({ 'cm08JUN2020bhav.csv': strToU8(csv) });
    const result = readBhavcopyFile(zipped);
    expect(result.entryName).toBe('cm08JUN2020bhav.csv');
    expect(result.format).toBe('legacy');
    expect(result.rows.map((row) => row.closePaise)).toEqual([3_175n]);
  });

  it('reads a plain CSV as UTF-8', () => {
    const result = readBhavcopyFile(strToU8(csv));
    expect(result.entryName).toBeUndefined();
    expect(result.rows).toHaveLength(1);
  });

  it('ignores folders and macOS resource forks inside the zip', () => {
    const zipped = zipSync({
      'day/cm08JUN2020bhav.csv': strToU8(csv),
      '__MACOSX/day/._cm08JUN2020bhav.csv': new Uint8Array([0, 5, 22, 7]),
      'day/readme.txt': strToU8('hello'),
    });
    expect(decodeBhavcopyFile(zipped).entryName).toBe('day/cm08JUN2020bhav.csv');
  });

  it('refuses a zip with several CSVs or none', () => {
    const two = zipSync({ 'a.csv': strToU8(csv), 'b.csv': strToU8(csv) });
    expect(() => decodeBhavcopyFile(two)).toThrow(expect.objectContaining({ code: 'BHAVCOPY_ZIP_ENTRIES' }));
    const none = zipSync({ 'readme.txt': strToU8('hello') });
    expect(() => decodeBhavcopyFile(none)).toThrow(expect.objectContaining({ code: 'BHAVCOPY_ZIP_ENTRIES' }));
  });

  it('reads a stored (uncompressed) entry as well as a deflated one', () => {
    const stored = zipSync({ 'cm08JUN2020bhav.csv': [strToU8(csv), { level: 0 }] });
    expect(decodeBhavcopyFile(stored).text).toBe(csv);
  });

  it('refuses a zip whose compressed data is damaged or cut short', () => {
    const zipped = zipSync({ 'cm08JUN2020bhav.csv': strToU8(csv.repeat(20)) });
    const damaged = zipped.slice();
    // The entry's data starts after the 30-byte local header and the 19-byte name.
    for (let at = 30 + 19; at < 30 + 19 + 16; at++) damaged[at] = 0xff;
    expect(() => decodeBhavcopyFile(damaged)).toThrow(
      expect.objectContaining({ code: 'BHAVCOPY_ZIP_DAMAGED' }),
    );
    expect(() => decodeBhavcopyFile(zipped.subarray(0, zipped.length - 30))).toThrow(
      expect.objectContaining({ code: 'BHAVCOPY_ZIP_DAMAGED' }),
    );
  });

  it('refuses a corrupt zip and bytes that are not UTF-8', () => {
    const corrupt = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect(() => decodeBhavcopyFile(corrupt)).toThrow(
      expect.objectContaining({ code: 'BHAVCOPY_ZIP_DAMAGED' }),
    );
    expect(() => decodeBhavcopyFile(new Uint8Array([0xff, 0xfe, 0x41]))).toThrow(
      expect.objectContaining({ code: 'BHAVCOPY_NOT_UTF8' }),
    );
  });
});
