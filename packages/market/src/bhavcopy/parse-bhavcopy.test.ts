import { describe, expect, it } from 'vitest';
import { BhavcopyFileError } from './bhavcopy-file-error.js';
import { parseBhavcopy } from './parse-bhavcopy.js';
import { parseRupeesToPaise } from './rupees.js';

const LEGACY_HEADER =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';
const LEGACY_ROWS = [
  '20MICRONS,EQ,31,32.3,30.75,31.75,31.8,29.5,204437,6486718.85,08-JUN-2020,1636,INE144J01027,',
  '21STCENMGM,EQ,10.75,10.9,10.75,10.9,10.9,10.7,144,1567.5,08-JUN-2020,6,INE253B01015,',
];
const UDIFF_HEADER =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';
const UDIFF_ROWS = [
  '2025-09-10,2025-09-10,CM,NSE,STK,14428,INF204KB17I5,GOLDBEES,EQ,,,,,NIP IND ETF GOLD BEES,91.80,92.40,90.51,90.90,91.13,91.17,,90.90,,,29134766,2644382494.85,80775,F1,1,,,,,',
  '2025-09-10,2025-09-10,CM,NSE,STK,2885,INE002A01018,RELIANCE,EQ,,,,,RELIANCE INDUSTRIES LTD,1383.90,1388.50,1374.10,1377.00,1377.50,1376.20,,1377.00,,,7790815,10752266849.20,222655,F1,1,,,,,',
];

describe('bhavcopy parser', () => {
  it('reads the legacy format, trailing comma and DD-MON-YYYY date included', () => {
    const result = parseBhavcopy([LEGACY_HEADER, ...LEGACY_ROWS, ''].join('\n'));
    expect(result.format).toBe('legacy');
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]).toEqual({
      line: 2,
      symbol: '20MICRONS',
      isin: 'INE144J01027',
      series: 'EQ',
      tradeDate: '2020-06-08',
      openPaise: 3_100n,
      highPaise: 3_230n,
      lowPaise: 3_075n,
      closePaise: 3_175n,
      lastPaise: 3_180n,
      previousClosePaise: 2_950n,
      volume: 204_437n,
      turnoverPaise: 648_671_885n,
      name: null,
      deliveredQuantity: null,
      deliveryBps: null,
    });
    expect(result.rows[1]!.turnoverPaise).toBe(156_750n);
  });

  it('reads the UDiFF format with ISO dates', () => {
    const result = parseBhavcopy([UDIFF_HEADER, ...UDIFF_ROWS].join('\r\n'));
    expect(result.format).toBe('udiff');
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.symbol)).toEqual(['GOLDBEES', 'RELIANCE']);
    expect(result.rows[1]).toMatchObject({
      isin: 'INE002A01018',
      tradeDate: '2025-09-10',
      openPaise: 138_390n,
      highPaise: 138_850n,
      lowPaise: 137_410n,
      closePaise: 137_700n,
      lastPaise: 137_750n,
      previousClosePaise: 137_620n,
      volume: 7_790_815n,
      turnoverPaise: 1_075_226_684_920n,
    });
  });

  it('skips other series and segments without calling them errors', () => {
    const text = [
      LEGACY_HEADER,
      LEGACY_ROWS[0],
      'GOLDGB,GB,5000,5010,4990,5005,5005,5000,10,50050,08-JUN-2020,3,IN0020160019,',
      'SMALLCO,SM,40,41,39,40.5,40.5,40,1000,40500,08-JUN-2020,12,INE000X01010,',
      'TRADEFOR,BE,12,12.6,11.4,12.6,12.6,12,500,6300,08-JUN-2020,9,INE000Y01010,',
    ].join('\n');
    const result = parseBhavcopy(text);
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => row.symbol)).toEqual(['20MICRONS', 'TRADEFOR']);
    expect(result.skipped).toEqual([
      { line: 3, symbol: 'GOLDGB', series: 'GB', reason: 'series GB' },
      { line: 4, symbol: 'SMALLCO', series: 'SM', reason: 'series SM' },
    ]);
    const futures = UDIFF_ROWS[1]!.replace(',CM,NSE,', ',FO,NSE,');
    expect(parseBhavcopy([UDIFF_HEADER, UDIFF_ROWS[0], futures].join('\n')).skipped[0]!.reason).toBe(
      'segment FO',
    );
  });

  it('lists every bad row with its line number and keeps the good ones', () => {
    const text = [
      LEGACY_HEADER,
      LEGACY_ROWS[0],
      'THREEDEC,EQ,31.125,32.3,30.75,31.75,31.8,29.5,100,3000,08-JUN-2020,5,INE000A01011,',
      'LOWHIGH,EQ,31,30,30.75,31.75,31.8,29.5,100,3000,08-JUN-2020,5,INE000A01012,',
      'ZERO,EQ,0,32.3,0,31.75,31.8,29.5,100,3000,08-JUN-2020,5,INE000A01013,',
      'BADDATE,EQ,31,32.3,30.75,31.75,31.8,29.5,100,3000,31-FEB-2020,5,INE000A01014,',
      'NOMONTH,EQ,31,32.3,30.75,31.75,31.8,29.5,100,3000,08-JUX-2020,5,INE000A01015,',
      'SHORT,EQ,31,32.3',
      'NEGATIVE,EQ,31,32.3,30.75,31.75,31.8,-29.5,100,3000,08-JUN-2020,5,INE000A01016,',
      'FRACTION,EQ,31,32.3,30.75,31.75,31.8,29.5,10.5,3000,08-JUN-2020,5,INE000A01017,',
      'LASTOUT,EQ,31,32.3,30.75,31.75,33,29.5,100,3000,08-JUN-2020,5,INE000A01018,',
      LEGACY_ROWS[0],
      LEGACY_ROWS[1],
    ].join('\n');
    const result = parseBhavcopy(text);
    expect(result.rows.map((row) => row.symbol)).toEqual(['20MICRONS', '21STCENMGM']);
    const lines = [...new Set(result.errors.map((error) => error.line))];
    expect(lines).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const messageOf = (line: number) =>
      result.errors
        .filter((error) => error.line === line)
        .map((error) => error.message)
        .join('; ');
    expect(messageOf(3)).toContain('more than 2 decimals');
    expect(messageOf(4)).toContain('high is below');
    expect(messageOf(5)).toContain('open must be positive');
    expect(messageOf(6)).toContain('unknown trade date "31-FEB-2020"');
    expect(messageOf(7)).toContain('unknown trade date');
    expect(messageOf(8)).toContain('fields');
    expect(messageOf(9)).toContain('previous close "-29.5"');
    expect(messageOf(10)).toContain('whole number of shares');
    expect(messageOf(11)).toContain('high is below');
    expect(messageOf(12)).toContain('repeats line 2');
  });

  it('reads old legacy files that end after TIMESTAMP, with no ISIN', () => {
    const text = [
      'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,',
      'ACC,EQ,150.5,152,149,151.25,151.3,150,12000,1815000,03-Jan-2000,',
    ].join('\n');
    const result = parseBhavcopy(text);
    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({
      symbol: 'ACC',
      isin: null,
      tradeDate: '2000-01-03',
      closePaise: 15_125n,
    });
  });

  it('ignores a byte-order mark and blank lines', () => {
    const result = parseBhavcopy(`\uFEFF\n${LEGACY_HEADER}\n\n${LEGACY_ROWS[0]}\n,,,,\n`);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]!.line).toBe(4);
    expect(result.errors).toEqual([]);
  });

  it('refuses a file whose header is none of the formats', () => {
    expect(() => parseBhavcopy('hello,world')).toThrow(BhavcopyFileError);
    expect(() => parseBhavcopy('  \n')).toThrow(expect.objectContaining({ code: 'BHAVCOPY_EMPTY' }));
    expect(() => parseBhavcopy('SYMBOL,SERIES,TIMESTAMP,OPEN')).toThrow(/lacks HIGH/);
  });
});

describe('rupees to paise', () => {
  it('reads rupee decimals by string, never through a float', () => {
    expect(parseRupeesToPaise('1234.5')).toBe(123_450n);
    expect(parseRupeesToPaise('31')).toBe(3_100n);
    expect(parseRupeesToPaise('0.05')).toBe(5n);
    expect(parseRupeesToPaise('10752266849.20')).toBe(1_075_226_684_920n);
    expect(parseRupeesToPaise(' 91.80 ')).toBe(9_180n);
  });

  it('refuses more than 2 decimals, signs, exponents and empty fields', () => {
    for (const text of ['1.234', '-1', '+1', '1e3', '', '.5', '1.', '1,000', 'NaN']) {
      expect(parseRupeesToPaise(text)).toBeUndefined();
    }
  });
});
