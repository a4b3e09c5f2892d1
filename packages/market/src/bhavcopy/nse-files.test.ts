import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BhavcopyFileError } from './bhavcopy-file-error.js';
import { parseBhavcopy } from './parse-bhavcopy.js';
import { decodeBhavcopyFile, readBhavcopyFile } from './read-bhavcopy-file.js';

/** The real NSE files kept as fixtures (packages/market/fixtures/nse/README.md). */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/nse/${name}`, import.meta.url)));
const UDIFF_18_JUNE = 'BhavCopy_NSE_CM_0_0_0_20250618_F_0000.csv.zip';
const FULL_1_AUGUST = 'sec_bhavdata_full_01082025.csv';

const weekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

describe('the real NSE files', () => {
  it('reads the UDiFF zip of 18 June 2025 exactly as NSE wrote it', () => {
    const result = readBhavcopyFile(fixture(UDIFF_18_JUNE), { isTradingDay: weekday });
    expect(result.format).toBe('udiff');
    expect(result.errors).toEqual([]);
    expect(result.rows.length).toBe(2_325);
    const reliance = result.rows.find((row) => row.symbol === 'RELIANCE')!;
    expect(reliance).toMatchObject({
      isin: 'INE002A01018',
      name: 'RELIANCE INDUSTRIES LTD',
      series: 'EQ',
      tradeDate: '2025-06-18',
      openPaise: 143_000n,
      highPaise: 144_280n,
      lowPaise: 142_570n,
      closePaise: 143_010n,
      volume: 6_681_735n,
      deliveredQuantity: null,
    });
    const closeOf = (symbol: string) => result.rows.find((row) => row.symbol === symbol)!.closePaise;
    expect([closeOf('TCS'), closeOf('INFY'), closeOf('HDFCBANK')]).toEqual([345_140n, 163_290n, 193_390n]);
    expect(result.rows.find((row) => row.symbol === 'HDFCBANK')!.volume).toBe(9_216_908n);
  });

  it('reads the full bhavcopy with delivery data, its padded columns included', () => {
    const result = readBhavcopyFile(fixture(FULL_1_AUGUST));
    expect(result.format).toBe('full');
    expect(result.errors).toEqual([]);
    const reliance = result.rows.find((row) => row.symbol === 'RELIANCE')!;
    expect(reliance).toMatchObject({
      isin: null,
      name: null,
      tradeDate: '2025-08-01',
      previousClosePaise: 139_020n,
      openPaise: 138_690n,
      highPaise: 140_590n,
      lowPaise: 138_430n,
      lastPaise: 139_410n,
      closePaise: 139_370n,
      volume: 10_321_171n,
      // 144234.89 lakh rupees.
      turnoverPaise: 1_442_348_900_000n,
      deliveredQuantity: 7_159_472n,
      deliveryBps: 6_937,
    });
    // NSE writes `-` for the delivery of trade-for-trade (BE) rows.
    expect(result.rows.find((row) => row.symbol === 'A2ZINFRA')).toMatchObject({
      series: 'BE',
      deliveredQuantity: null,
      deliveryBps: null,
    });
  });

  it('accepts a byte-order mark and CRLF line ends', () => {
    const text = decodeBhavcopyFile(fixture(FULL_1_AUGUST)).text;
    const result = parseBhavcopy(`\uFEFF${text.split('\n').join('\r\n')}`);
    expect(result.errors).toEqual([]);
    expect(result.rows.find((row) => row.symbol === 'TCS')!.closePaise).toBe(300_300n);
  });
});

const FULL_HEADER =
  'SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER';
const FULL_ROW =
  'RELIANCE, EQ, 01-Aug-2025, 1390.20, 1386.90, 1405.90, 1384.30, 1394.10, 1393.70, 1397.47, 10321171, 144234.89, 208431, 7159472, 69.37';
const UDIFF_HEADER =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';
const UDIFF_ROW =
  '2025-06-18,2025-06-18,CM,NSE,STK,2885,INE002A01018,RELIANCE,EQ,,,,,RELIANCE INDUSTRIES LTD,1430.00,1442.80,1425.70,1430.10,1429.70,1431.20,,1430.10,,,6681735,9563629434.00,138211,F1,1,,,,,';

const messagesOf = (text: string) => parseBhavcopy(text).errors.map((error) => error.message);

describe('bad NSE files, each refused with a stated message', () => {
  it('a row whose high is below its low', () => {
    const row = FULL_ROW.replace('1405.90', '1380.00');
    expect(messagesOf([FULL_HEADER, row].join('\n'))).toEqual(['high is below the open, close, last or low']);
  });

  it('a negative volume', () => {
    const row = FULL_ROW.replace('10321171', '-10321171');
    expect(messagesOf([FULL_HEADER, row].join('\n'))).toEqual(['volume "-10321171" is negative']);
  });

  it('more shares delivered than traded', () => {
    const row = FULL_ROW.replace('7159472', '99999999');
    expect(messagesOf([FULL_HEADER, row].join('\n'))).toEqual(['more shares delivered than traded']);
  });

  it('a date that is not a trading day', () => {
    const saturday = UDIFF_ROW.replaceAll('2025-06-18', '2025-06-21');
    expect(() => parseBhavcopy([UDIFF_HEADER, saturday].join('\n'), { isTradingDay: weekday })).toThrow(
      new BhavcopyFileError('BHAVCOPY_NOT_TRADING_DAY', "2025-06-21 is not a trading day on NSE's calendar"),
    );
  });

  it('a file of another exchange', () => {
    const bse = UDIFF_ROW.replace(',CM,NSE,', ',CM,BSE,');
    expect(() => parseBhavcopy([UDIFF_HEADER, bse].join('\n'))).toThrow(
      expect.objectContaining({
        code: 'BHAVCOPY_OTHER_MARKET',
        message: "line 2 is a BSE row: only NSE's capital-market bhavcopy is read",
      }),
    );
    const bseLegacy =
      'SC_CODE,SC_NAME,SC_GROUP,SC_TYPE,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,NO_TRADES,NO_OF_SHRS';
    expect(() => parseBhavcopy(bseLegacy)).toThrow('this is a BSE bhavcopy: only NSE files are read');
  });

  it('a file of another segment', () => {
    const futures = UDIFF_ROW.replace(',CM,NSE,', ',FO,NSE,');
    expect(() => parseBhavcopy([UDIFF_HEADER, futures].join('\n'))).toThrow(
      'the file holds segment FO rows: only the capital market (CM) is read',
    );
    const legacyFo = 'INSTRUMENT,SYMBOL,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR';
    expect(() => parseBhavcopy(legacyFo)).toThrow(
      'this is NSE’s F&O bhavcopy: only the capital market (CM) is read',
    );
  });

  it('a file with no equity rows', () => {
    const bond = FULL_ROW.replace('RELIANCE, EQ', 'SGBJUN28, GB');
    expect(() => parseBhavcopy([FULL_HEADER, bond].join('\n'))).toThrow(
      new BhavcopyFileError(
        'BHAVCOPY_NO_ROWS',
        'the file has no EQ or BE rows to import (1 rows of other series passed over)',
      ),
    );
  });

  it('a truncated zip', () => {
    const whole = zipSync({ 'BhavCopy.csv': strToU8([UDIFF_HEADER, UDIFF_ROW].join('\n')) });
    expect(() => decodeBhavcopyFile(whole.slice(0, whole.length - 40))).toThrow(
      new BhavcopyFileError('BHAVCOPY_ZIP_DAMAGED', 'the zip archive is truncated or damaged'),
    );
    const real = fixture(UDIFF_18_JUNE);
    expect(() => decodeBhavcopyFile(real.slice(0, real.length / 2))).toThrow(
      expect.objectContaining({ code: 'BHAVCOPY_ZIP_DAMAGED' }),
    );
  });
});
