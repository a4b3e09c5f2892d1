import { describe, expect, it } from 'vitest';
import { balancesOf, consoleCall, createStaff, investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const financeA = await createStaff(t, ['finance']);
const financeB = await createStaff(t, ['finance']);

async function pendingWithdrawal(amount: string, cashPaise: bigint) {
  const investor = await investorWithBank(t, { cashPaise });
  const reply = await t.call(
    'cashout/submit',
    { amount, destinationId: investor.bankId, fundPassword: 'Fund1234' },
    investor.headers,
  );
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  const account = await t.db
    .selectFrom('payout_destinations')
    .select('account_number')
    .where('id', '=', BigInt(investor.bankId))
    .executeTakeFirstOrThrow();
  return { investor, id: reply.body.data.id as string, accountNumber: account.account_number! };
}

const mapping = await consoleCall(t, financeA, 'bankStatements/saveMapping', {
  bankName: 'ICICI Bank',
  date: 'Transaction Date',
  narration: 'Transaction Remarks',
  reference: 'Cheque Number',
  debit: 'Withdrawal Amount (INR )',
  credit: 'Deposit Amount (INR )',
  balance: 'Balance (INR )',
  reason: 'payouts go from ICICI',
});
const mappingId = mapping.body.data.id as string;
const HEADER =
  'S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )';

async function uploadStatement(rows: string[], fileName: string) {
  const text = [
    'DETAILED STATEMENT,,,,,,,',
    'Account Number,000405012345,,,,,,',
    HEADER,
    ...rows,
    '',
    'Legends Used,,,,,,,',
  ].join('\n');
  const reply = await consoleCall(t, financeA, 'bankStatements/upload', { mappingId, fileName, text });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data.id as string;
}
const debitRow = (n: number, narration: string, utr: string, amount: string) =>
  `${n},06/04/2026,06/04/2026,${utr},${narration},"${amount}",,"10,00,000.00"`;

const paidBefore = await pendingWithdrawal('1000', 500_000n);
const usedUtr = await consoleCall(t, financeA, 'withdrawals/approve', {
  id: paidBefore.id,
  payoutReference: 'ICICN00000USED',
});
expect(usedUtr.body.status, JSON.stringify(usedUtr.body)).toBe(1);

const first = await pendingWithdrawal('2500', 1_000_000n);
const second = await pendingWithdrawal('10000', 2_000_000n);
const large = await pendingWithdrawal('300000', 40_000_000n);
const notYetApproved = await pendingWithdrawal('250000', 40_000_000n);
const firstApproval = await consoleCall(t, financeB, 'withdrawals/approve', { id: large.id });
expect(firstApproval.body.data.firstApprovedBy).toBe(financeB.username);

const pendingStatusOf = async (id: string) =>
  (
    await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow()
  ).status;

describe('the bulk payment file', () => {
  it('holds the withdrawals ready to pay, in a bank upload layout, and never exports one twice', async () => {
    const exported = await consoleCall(t, financeA, 'payouts/export', { reason: 'the 10:30 payout run' });
    expect(exported.body.status, JSON.stringify(exported.body)).toBe(1);
    const { batch, csv, fileName } = exported.body.data;
    expect(fileName).toMatch(/^nivesh-payouts-\d+-\d{8}\.csv$/);
    expect(batch.items.map((item: { withdrawalId: string }) => item.withdrawalId)).toEqual([
      first.id,
      second.id,
      large.id,
    ]);
    expect(batch).toMatchObject({ itemCount: 3, total: '312500.00', currency: 'INR' });
    const lines = (csv as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Payment Mode,Beneficiary Name,Beneficiary Account Number,IFSC,Amount,Payment Reference,Narration',
    );
    expect(lines[1]).toBe(
      `NEFT,Asha Verma,${first.accountNumber},HDFC0001234,2500.00,NVW${first.id},Nivesh withdrawal ${first.id}`,
    );
    expect(lines[3]).toMatch(/^RTGS,/);
    expect(csv).not.toContain(`NVW${notYetApproved.id}`);
    const again = await consoleCall(t, financeA, 'payouts/export', { reason: 'again' });
    expect(again.body.code).toBe('PAYOUT_NOTHING_TO_EXPORT');
    const file = await consoleCall(t, financeB, 'payouts/batchFile', { batchId: batch.id });
    expect(file.body.data.csv).toBe(csv);
  });
});

describe("recording payouts from the bank's statement", () => {
  const nothingPaid = async () => {
    for (const item of [first, second, large]) expect(await pendingStatusOf(item.id)).toBe('pending');
    const claimed = await t.db
      .selectFrom('bank_statement_lines')
      .select('id')
      .where('withdrawal_id', 'is not', null)
      .execute();
    expect(claimed).toEqual([]);
  };

  it('refuses the whole import for an amount mismatch, a UTR already used or repeated, and pays nothing', async () => {
    const before = await balancesOf(t, first.investor.id);
    const mismatch = await uploadStatement(
      [
        debitRow(1, `NEFT DR-ASHA VERMA-NVW${first.id}`, 'ICICN26040600001', '2,500.01'),
        debitRow(2, `NEFT DR-ASHA VERMA-NVW${second.id}`, 'ICICN26040600002', '10,000.00'),
      ],
      'mismatch.csv',
    );
    const refusedMismatch = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: mismatch,
      reason: 'payout run settled',
    });
    expect(refusedMismatch.body.code).toBe('PAYOUT_AMOUNT_MISMATCH');
    expect(refusedMismatch.body.msg).toContain('2500.01');

    const used = await uploadStatement(
      [
        debitRow(1, `NEFT DR-ASHA VERMA-NVW${second.id}`, 'ICICN26040600002', '10,000.00'),
        debitRow(2, `NEFT DR-ASHA VERMA-NVW${first.id}`, 'ICICN00000USED', '2,500.00'),
      ],
      'used.csv',
    );
    const refusedUsed = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: used,
      reason: 'run',
    });
    expect(refusedUsed.body.code).toBe('PAYOUT_REFERENCE_USED');
    expect(refusedUsed.body.msg).toContain(paidBefore.id);

    const repeated = await uploadStatement(
      [
        debitRow(1, `NEFT DR-NVW${first.id}`, 'ICICN26040600009', '2,500.00'),
        debitRow(2, `NEFT DR-NVW${second.id}`, 'ICICN26040600009', '10,000.00'),
      ],
      'repeated.csv',
    );
    const refusedRepeated = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: repeated,
      reason: 'run',
    });
    expect(refusedRepeated.body.code).toBe('PAYOUT_UTR_REPEATED');

    const noUtr = await uploadStatement(
      [debitRow(1, `NEFT DR-NVW${first.id}`, '', '2,500.00')],
      'no-utr.csv',
    );
    const refusedNoUtr = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: noUtr,
      reason: 'run',
    });
    expect(refusedNoUtr.body.code).toBe('PAYOUT_UTR_MISSING');

    await nothingPaid();
    expect(await balancesOf(t, first.investor.id)).toEqual(before);
  });

  it('pays every matched payout with its UTR in one act, lists what is left, and keeps the two-person rule', async () => {
    const good = await uploadStatement(
      [
        debitRow(1, `NEFT DR-ICIC0000004-ASHA VERMA-NVW${first.id}`, 'ICICN26040600011', '2,500.00'),
        debitRow(2, `NEFT DR-ICIC0000004-ASHA VERMA-NVW${second.id}`, 'ICICN26040600012', '10,000.00'),
        debitRow(3, `RTGS DR-ICIC0000004-ASHA VERMA-NVW${large.id}`, 'ICICR26040600013', '3,00,000.00'),
        debitRow(4, 'SMS CHARGES', 'CHG1', '15.00'),
      ],
      'good.csv',
    );
    const byFirstApprover = await consoleCall(t, financeB, 'payouts/recordFromStatement', {
      statementId: good,
      reason: 'payout run settled',
    });
    expect(byFirstApprover.body.code).toBe('SECOND_APPROVER_REQUIRED');
    await nothingPaid();

    const recorded = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: good,
      reason: 'payout run settled',
    });
    expect(recorded.body.status, JSON.stringify(recorded.body)).toBe(1);
    expect(recorded.body.data.paid).toEqual([
      { withdrawalId: first.id, lineNumber: 4, utr: 'ICICN26040600011', amount: '2500.00' },
      { withdrawalId: second.id, lineNumber: 5, utr: 'ICICN26040600012', amount: '10000.00' },
      { withdrawalId: large.id, lineNumber: 6, utr: 'ICICR26040600013', amount: '300000.00' },
    ]);
    expect(recorded.body.data.unmatchedLines.map((line: { narration: string }) => line.narration)).toEqual([
      'SMS CHARGES',
    ]);
    expect(recorded.body.data.unpaidPayouts).toEqual([]);
    const paid = await t.db
      .selectFrom('withdrawals')
      .select(['status', 'payout_reference'])
      .where('id', '=', BigInt(first.id))
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'approved', payout_reference: 'ICICN26040600011' });
    expect(await balancesOf(t, first.investor.id)).toContain('withdrawal_hold:INR:0');

    const batches = await consoleCall(t, financeA, 'payouts/batches', {});
    expect(batches.body.data.items[0].items.map((item: { status: string }) => item.status)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
    const again = await consoleCall(t, financeA, 'payouts/recordFromStatement', {
      statementId: good,
      reason: 'again',
    });
    expect(again.body.data.paid).toEqual([]);
  });
});
