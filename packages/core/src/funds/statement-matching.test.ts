import { describe, expect, it } from 'vitest';
import { buildBulkPaymentCsv, paymentModeFor, paymentReferenceOf } from './bulk-payment-file.js';
import { lineNamesReference, matchStatementCredits, matchStatementDebits } from './statement-matching.js';

const line = (lineId: string, amountMinor: bigint, reference: string, narration = '') => ({
  lineId,
  amountMinor,
  reference,
  narration,
});
const deposit = (depositId: string, amountMinor: bigint, payerReference: string) => ({
  depositId,
  amountMinor,
  payerReference,
});

describe('a statement line names a reference', () => {
  it('in its reference cell, padded with zeros or not, or as a whole word of its narration', () => {
    expect(lineNamesReference({ reference: '0000412345678901', narration: '' }, '412345678901')).toBe(true);
    expect(lineNamesReference({ reference: '', narration: 'UPI/412345678901/ASHA' }, '412345678901')).toBe(
      true,
    );
    expect(lineNamesReference({ reference: '', narration: 'NEFT DR-ASHA-nvw7' }, 'NVW7')).toBe(true);
  });

  it('but not inside a longer word, nor a prefix of another reference', () => {
    expect(lineNamesReference({ reference: '', narration: 'NEFT-X412345678901' }, '412345678901')).toBe(
      false,
    );
    expect(lineNamesReference({ reference: '', narration: 'NEFT DR-ASHA-NVW71' }, 'NVW7')).toBe(false);
    expect(lineNamesReference({ reference: '', narration: '' }, '')).toBe(false);
  });
});

describe('matching credits to pending deposits', () => {
  it('matches by UTR and the exact amount in paise', () => {
    const result = matchStatementCredits(
      [line('L1', 12_500_000n, '0000412345678901'), line('L2', 25_050n, '', 'IMPS-512345678901')],
      [deposit('D1', 12_500_000n, '412345678901'), deposit('D2', 25_050n, '512345678901')],
    );
    expect(result.matched).toEqual([
      { lineId: 'L1', depositId: 'D1' },
      { lineId: 'L2', depositId: 'D2' },
    ]);
    expect(result.unmatchedLineIds).toEqual([]);
    expect(result.unmatchedDepositIds).toEqual([]);
  });

  it('never matches a UTR whose amount differs by a paisa', () => {
    const result = matchStatementCredits(
      [line('L1', 12_500_001n, '412345678901')],
      [deposit('D1', 12_500_000n, '412345678901')],
    );
    expect(result.matched).toEqual([]);
    expect(result.amountMismatches).toEqual([
      { lineId: 'L1', depositId: 'D1', lineMinor: 12_500_001n, depositMinor: 12_500_000n },
    ]);
  });

  it('shows amount-only agreement as a candidate and never matches it', () => {
    const result = matchStatementCredits(
      [line('L1', 1_000_000n, '999999999999')],
      [deposit('D1', 1_000_000n, '412345678901'), deposit('D2', 1_000_000n, '512345678901')],
    );
    expect(result.matched).toEqual([]);
    expect(result.amountCandidates).toEqual([{ lineId: 'L1', depositIds: ['D1', 'D2'] }]);
    expect(result.unmatchedLineIds).toEqual(['L1']);
    expect(result.unmatchedDepositIds).toEqual(['D1', 'D2']);
  });

  it('leaves a UTR on two lines, or two deposits with one UTR, to staff', () => {
    const twoLines = matchStatementCredits(
      [line('L1', 1_000_000n, '412345678901'), line('L2', 1_000_000n, '', 'UPI/412345678901')],
      [deposit('D1', 1_000_000n, '412345678901')],
    );
    expect(twoLines.matched).toEqual([]);
    expect(twoLines.ambiguous).toEqual([{ lineIds: ['L1', 'L2'], depositIds: ['D1'] }]);
    const twoDeposits = matchStatementCredits(
      [line('L1', 1_000_000n, '412345678901')],
      [deposit('D1', 1_000_000n, '412345678901'), deposit('D2', 1_000_000n, '412345678901')],
    );
    expect(twoDeposits.matched).toEqual([]);
    expect(twoDeposits.ambiguous).toEqual([{ lineIds: ['L1'], depositIds: ['D1', 'D2'] }]);
  });
});

describe('matching debits to exported payouts', () => {
  const payout = { withdrawalId: '7', paymentReference: 'NVW7', amountMinor: 1_249_000n };

  it('records the bank reference as the UTR when the narration names the payout and the amount agrees', () => {
    const result = matchStatementDebits(
      [
        line('L1', 1_249_000n, 'HDFCN26040512345', 'NEFT DR-HDFC0001234-ASHA-NVW7'),
        line('L2', 500n, 'X', 'charges'),
      ],
      [payout, { withdrawalId: '8', paymentReference: 'NVW8', amountMinor: 100n }],
    );
    expect(result.paid).toEqual([{ lineId: 'L1', withdrawalId: '7', utr: 'HDFCN26040512345' }]);
    expect(result.unmatchedLineIds).toEqual(['L2']);
    expect(result.unmatchedWithdrawalIds).toEqual(['8']);
  });

  it('lists an amount mismatch, a missing UTR and a payout debited twice', () => {
    expect(
      matchStatementDebits([line('L1', 1_249_100n, 'UTR1', 'NVW7')], [payout]).amountMismatches,
    ).toHaveLength(1);
    expect(matchStatementDebits([line('L1', 1_249_000n, '', 'NVW7')], [payout]).missingUtr).toEqual([
      { lineId: 'L1', withdrawalId: '7' },
    ]);
    expect(matchStatementDebits([line('L1', 1_249_000n, 'NVW7', 'NEFT')], [payout]).missingUtr).toHaveLength(
      1,
    );
    expect(
      matchStatementDebits(
        [line('L1', 1_249_000n, 'U1', 'NVW7'), line('L2', 1_249_000n, 'U2', 'NVW7')],
        [payout],
      ).ambiguous,
    ).toEqual([{ lineIds: ['L1', 'L2'], withdrawalId: '7' }]);
  });
});

describe('the bulk payment file', () => {
  it('writes one row per payout, NEFT below two lakh and RTGS from it, amounts without grouping', () => {
    expect(paymentModeFor(19_999_999n)).toBe('NEFT');
    expect(paymentModeFor(20_000_000n)).toBe('RTGS');
    expect(paymentReferenceOf(7n)).toBe('NVW7');
    const file = buildBulkPaymentCsv([
      {
        beneficiaryName: 'Asha Verma',
        accountNumber: '123456789012',
        ifsc: 'HDFC0001234',
        amountMinor: 1_249_000n,
        paymentReference: 'NVW7',
        narration: 'Nivesh withdrawal 7',
      },
      {
        beneficiaryName: 'Kumar, Ravi',
        accountNumber: '998877665544',
        ifsc: 'SBIN0000001',
        amountMinor: 25_000_000n,
        paymentReference: 'NVW9',
        narration: 'Nivesh withdrawal 9',
      },
    ]);
    expect(file).toBe(
      'Payment Mode,Beneficiary Name,Beneficiary Account Number,IFSC,Amount,Payment Reference,Narration\r\n' +
        'NEFT,Asha Verma,123456789012,HDFC0001234,12490.00,NVW7,Nivesh withdrawal 7\r\n' +
        'RTGS,"Kumar, Ravi",998877665544,SBIN0000001,250000.00,NVW9,Nivesh withdrawal 9\r\n',
    );
  });
});
