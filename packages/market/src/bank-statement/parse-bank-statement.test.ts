import { describe, expect, it } from 'vitest';
import { readIndianAmount } from './indian-amount.js';
import { type BankStatementColumns, parseBankStatement } from './parse-bank-statement.js';
import { readStatementDate } from './statement-date.js';

const HDFC: BankStatementColumns = {
  date: 'Date',
  narration: 'Narration',
  reference: 'Chq./Ref.No.',
  debit: 'Withdrawal Amt.',
  credit: 'Deposit Amt.',
  balance: 'Closing Balance',
};

const HDFC_FILE = [
  'HDFC BANK Ltd.,,,,,,',
  'Account No :,50200012345678,,,,,',
  'Statement From : 01/04/2026 To : 30/04/2026,,,,,,',
  '',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '********,********,********,********,********,********,********',
  '05/04/26,UPI-ASHA VERMA-asha@okhdfc,0000412345678901,05/04/26,,"1,25,000.00","3,40,000.00"',
  '05/04/26,"NEFT DR-HDFC0001234-RAVI, KUMAR-NVW7",HDFCN26040512345,05/04/26,"12,490.00",,"3,27,510.00"',
  '06/04/26,IMPS-512345678901-MEERA,512345678901,06/04/26,,250.5,"3,27,760.50"',
  '********,********,********,********,********,********,********',
  'STATEMENT SUMMARY :-,,,,,,',
  'Opening Balance,Dr Count,Cr Count,Debits,Credits,Closing Bal,',
  '"2,15,000.00",1,2,"12,490.00","1,25,250.50","3,27,760.50",',
].join('\r\n');

describe('bank statement amounts', () => {
  it('read Indian grouping, international grouping and plain digits to the paisa', () => {
    expect(readIndianAmount('1,25,000.00')).toEqual({ ok: true, paise: 12_500_000n });
    expect(readIndianAmount('125,000.00')).toEqual({ ok: true, paise: 12_500_000n });
    expect(readIndianAmount('1,00,00,000.5')).toEqual({ ok: true, paise: 1_000_000_050n });
    expect(readIndianAmount('250')).toEqual({ ok: true, paise: 25_000n });
    expect(readIndianAmount('  ')).toEqual({ ok: true, paise: 0n });
    expect(readIndianAmount('-1,000.00', { allowNegative: true })).toEqual({ ok: true, paise: -100_000n });
  });

  it('refuse grouping that is neither, a third decimal, text and a minus where none belongs', () => {
    expect(readIndianAmount('1,2,50.00')).toEqual({ ok: false, reason: 'grouping' });
    expect(readIndianAmount('12,50')).toEqual({ ok: false, reason: 'grouping' });
    expect(readIndianAmount('100.001')).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(readIndianAmount('1.2.3')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readIndianAmount('Rs 100')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readIndianAmount('1e5')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(readIndianAmount('-5')).toEqual({ ok: false, reason: 'negative' });
  });
});

describe('bank statement dates', () => {
  it('are read day first in the shapes Indian banks export', () => {
    expect(readStatementDate('05/04/2026')).toBe('2026-04-05');
    expect(readStatementDate('5-4-2026')).toBe('2026-04-05');
    expect(readStatementDate('05/04/26')).toBe('2026-04-05');
    expect(readStatementDate('05-Apr-2026')).toBe('2026-04-05');
    expect(readStatementDate('5 APR 2026')).toBe('2026-04-05');
    expect(readStatementDate('29-Feb-2028')).toBe('2028-02-29');
  });

  it('refuse days that do not exist and other shapes', () => {
    expect(readStatementDate('31/02/2026')).toBeNull();
    expect(readStatementDate('29-Feb-2026')).toBeNull();
    expect(readStatementDate('05/13/2026')).toBeNull();
    expect(readStatementDate('2026-04-05')).toBeNull();
    expect(readStatementDate('05-Avr-2026')).toBeNull();
    expect(readStatementDate('05/04-2026')).toBeNull();
  });
});

describe('a bank statement file', () => {
  it('skips the address block, the separators and the footer, and reads each transaction in paise', () => {
    const parsed = parseBankStatement(HDFC_FILE, HDFC);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.headerLineNumber).toBe(5);
    expect(parsed.lines).toEqual([
      {
        lineNumber: 7,
        date: '2026-04-05',
        narration: 'UPI-ASHA VERMA-asha@okhdfc',
        reference: '0000412345678901',
        debitMinor: 0n,
        creditMinor: 12_500_000n,
        balanceMinor: 34_000_000n,
      },
      {
        lineNumber: 8,
        date: '2026-04-05',
        narration: 'NEFT DR-HDFC0001234-RAVI, KUMAR-NVW7',
        reference: 'HDFCN26040512345',
        debitMinor: 1_249_000n,
        creditMinor: 0n,
        balanceMinor: 32_751_000n,
      },
      {
        lineNumber: 9,
        date: '2026-04-06',
        narration: 'IMPS-512345678901-MEERA',
        reference: '512345678901',
        debitMinor: 0n,
        creditMinor: 25_050n,
        balanceMinor: 32_776_050n,
      },
    ]);
  });

  it('reads an SBI-style file with named months, header names in another case, a BOM and no balance mapped', () => {
    const file = [
      '\uFEFFAccount Name :,NIVESH BROKING,,,,',
      'Txn Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
      '1 Apr 2026,BY TRANSFER-UPI/412345678901,412345678901,,"10,000.00","10,000.00"',
      '',
      '**This is a computer generated statement**',
    ].join('\n');
    const parsed = parseBankStatement(file, {
      date: 'txn date',
      narration: 'DESCRIPTION',
      reference: 'Ref No./Cheque No.',
      debit: 'Debit',
      credit: 'Credit',
      balance: null,
    });
    expect(parsed).toEqual({
      ok: true,
      headerLineNumber: 2,
      lines: [
        {
          lineNumber: 3,
          date: '2026-04-01',
          narration: 'BY TRANSFER-UPI/412345678901',
          reference: '412345678901',
          debitMinor: 0n,
          creditMinor: 1_000_000n,
          balanceMinor: null,
        },
      ],
    });
  });

  const refusedAt = (file: string) => {
    const parsed = parseBankStatement(file, HDFC);
    expect(parsed.ok).toBe(false);
    return parsed.ok ? null : parsed;
  };
  const withRow = (row: string) => HDFC_FILE.replace(/^06\/04\/26.*$/m, row);

  it('is refused with the line number when a transaction date is not a date', () => {
    expect(refusedAt(withRow('31/02/26,IMPS,512345678901,06/04/26,,250.50,"3,27,760.50"'))).toMatchObject({
      lineNumber: 9,
      reason: expect.stringContaining('31/02/26'),
    });
  });

  it('is refused with the line number for an amount with wrong grouping or three decimals', () => {
    expect(refusedAt(withRow('06/04/26,IMPS,512345678901,06/04/26,,"2,50.50","3,27,760.50"'))).toMatchObject({
      lineNumber: 9,
      reason: expect.stringContaining('grouping'),
    });
    expect(refusedAt(withRow('06/04/26,IMPS,512345678901,06/04/26,,250.505,"3,27,760.50"'))).toMatchObject({
      lineNumber: 9,
      reason: expect.stringContaining('too_many_decimals'),
    });
  });

  it('is refused for a row with both a debit and a credit, or neither', () => {
    expect(refusedAt(withRow('06/04/26,IMPS,5123,06/04/26,1.00,250.50,"3,27,760.50"'))?.reason).toBe(
      'both a debit and a credit on one row',
    );
    expect(refusedAt(withRow('06/04/26,IMPS,5123,06/04/26,,,"3,27,760.50"'))?.reason).toBe(
      'neither a debit nor a credit',
    );
  });

  it('is refused for a short row, a missing balance and a broken quote, each with its line', () => {
    expect(refusedAt(withRow('06/04/26,IMPS,5123'))).toMatchObject({ lineNumber: 9 });
    expect(refusedAt(withRow('06/04/26,IMPS,5123,06/04/26,,250.50,'))).toMatchObject({
      lineNumber: 9,
      reason: expect.stringContaining('balance'),
    });
    expect(
      refusedAt(withRow('06/04/26,"IMPS,5123,06/04/26,,250.50,1.00'))?.lineNumber,
    ).toBeGreaterThanOrEqual(9);
  });

  it('is refused when no row names the mapped columns, or no transaction follows the header', () => {
    expect(parseBankStatement(HDFC_FILE, { ...HDFC, credit: 'Credit' })).toMatchObject({
      ok: false,
      lineNumber: 1,
      reason: expect.stringContaining('no header row'),
    });
    expect(parseBankStatement(HDFC_FILE.split('\r\n').slice(0, 6).join('\r\n'), HDFC)).toMatchObject({
      ok: false,
      lineNumber: 5,
      reason: 'no transactions under the header',
    });
    expect(parseBankStatement('', HDFC)).toMatchObject({ ok: false });
  });
});
