import { describe, expect, it } from 'vitest';
import {
  balancesOf,
  consoleCall,
  createStaff,
  investorWithBank,
  openDepositChannel,
  sampleImage,
  upload,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const financeA = await createStaff(t, ['finance']);
const financeB = await createStaff(t, ['finance']);
const support = await createStaff(t, ['support']);

const channel = await openDepositChannel(t, financeA, {
  kind: 'bank',
  name: 'Bank transfer',
  enabled: true,
  min: '100',
  max: '1000000',
  windowFrom: '00:00',
  windowTo: '23:59',
  details: {
    accountName: 'Nivesh Broking Client Account',
    accountNumber: '000405012345',
    ifsc: 'ICIC0000004',
  },
});
const channelId = channel.body.data.channel.id as string;

let nextUtrNumber = 712_000_000_000;
async function pendingDeposit(amount: string) {
  const investor = await investorWithBank(t);
  const receipt = await upload(t, investor, 'receipt', await sampleImage('jpeg'), 'receipt.jpg');
  const payerReference = String(nextUtrNumber++);
  const submitted = await t.call(
    'recharge/submit',
    {
      channelId,
      amount,
      payerReference,
      receiptImage: receipt.body.data.uploadId,
      sourceId: investor.bankId,
    },
    investor.headers,
  );
  expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(1);
  return { investor, id: submitted.body.data.id as string, utr: payerReference };
}

const HEADER = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance';
const PREAMBLE = ['HDFC BANK Ltd.,,,,,,', 'Account No :,50200012345678,,,,,', '', HEADER, '********,,,,,,'];
const FOOTER = ['********,,,,,,', 'STATEMENT SUMMARY :-,,,,,,', 'Generated on 06/04/2026 10:00,,,,,,'];
const statementOf = (rows: string[], footer = FOOTER) => [...PREAMBLE, ...rows, ...footer].join('\r\n');

const hdfc = await consoleCall(t, financeA, 'bankStatements/saveMapping', {
  bankName: 'HDFC Bank',
  date: 'Date',
  narration: 'Narration',
  reference: 'Chq./Ref.No.',
  debit: 'Withdrawal Amt.',
  credit: 'Deposit Amt.',
  balance: 'Closing Balance',
  reason: 'the collection account is at HDFC',
});
const mappingId = hdfc.body.data.id as string;

const statementCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_statements')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function uploadStatement(text: string, fileName = 'statement.csv') {
  return consoleCall(t, financeA, 'bankStatements/upload', { mappingId, fileName, text });
}

describe("a bank's statement mapping", () => {
  it('is saved per bank with a reason and audited; a second mapping of one bank is refused', async () => {
    expect(hdfc.body.status, JSON.stringify(hdfc.body)).toBe(1);
    expect(hdfc.body.data).toMatchObject({
      bankName: 'HDFC Bank',
      credit: 'Deposit Amt.',
      balance: 'Closing Balance',
    });
    const again = await consoleCall(t, financeB, 'bankStatements/saveMapping', {
      ...hdfc.body.data,
      id: undefined,
      updatedBy: undefined,
      updatedAt: undefined,
      bankName: 'hdfc bank',
      reason: 'a second try',
    });
    expect(again.body.code).toBe('BANK_MAPPING_NAME_TAKEN');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'bank_mapping.create')
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBe('the collection account is at HDFC');
  });

  it('is for finance and admin only', async () => {
    const listed = await consoleCall(t, support, 'bankStatements/mappings', {});
    expect(listed.body.status).toBe(0);
  });
});

describe('a bank statement upload', () => {
  it('refuses a malformed file with the line number and stores nothing', async () => {
    const before = await statementCount();
    const badDate = await uploadStatement(
      statementOf(['31/02/26,UPI-MALFORMED,712999999999,31/02/26,,"1,000.00","1,000.00"']),
    );
    expect(badDate.body.code).toBe('STATEMENT_INVALID');
    expect(badDate.body.msg).toContain('line 6');
    const badAmount = await uploadStatement(
      statementOf([
        '01/04/26,UPI-MALFORMED,712999999999,01/04/26,,"1,000.00","1,000.00"',
        '01/04/26,UPI-RAVI,712999999998,01/04/26,,"1,00,0.00","2,000.00"',
      ]),
    );
    expect(badAmount.body.code).toBe('STATEMENT_INVALID');
    expect(badAmount.body.msg).toContain('line 7');
    const noHeader = await uploadStatement('Txn Date,Description,Debit,Credit\r\n01/04/26,x,,1.00\r\n');
    expect(noHeader.body.code).toBe('STATEMENT_INVALID');
    expect(await statementCount()).toBe(before);
    expect(
      await t.db
        .selectFrom('bank_statement_lines')
        .select('id')
        .where('narration', '=', 'UPI-MALFORMED')
        .execute(),
    ).toEqual([]);
  });

  it('refuses an unknown mapping', async () => {
    const reply = await consoleCall(t, financeA, 'bankStatements/upload', {
      mappingId: '999999',
      fileName: 'x.csv',
      text: statementOf(['01/04/26,x,1,01/04/26,,1.00,1.00']),
    });
    expect(reply.body.code).toBe('BANK_MAPPING_NOT_FOUND');
  });
});

describe('matching a statement to pending deposits', async () => {
  const small = await pendingDeposit('12500');
  const odd = await pendingDeposit('25000.50');
  const third = await pendingDeposit('40000');
  const large = await pendingDeposit('300000');
  const mismatched = await pendingDeposit('5000');
  const unmatched = await pendingDeposit('7777');
  const candidateAmount = await pendingDeposit('9999');
  const text = statementOf([
    `01/04/26,UPI-ASHA VERMA-asha@okhdfc,0000${small.utr},01/04/26,,"12,500.00","12,500.00"`,
    `01/04/26,IMPS-${odd.utr}-ASHA,IMPS${odd.utr},01/04/26,,"25,000.50","37,500.50"`,
    `02/04/26,NEFT CR-${third.utr}-ASHA VERMA,${third.utr},02/04/26,,"40,000.00","77,500.50"`,
    `02/04/26,RTGS CR-ASHA VERMA,${large.utr},02/04/26,,"3,00,000.00","3,77,500.50"`,
    `03/04/26,UPI-ASHA,${mismatched.utr},03/04/26,,"5,000.01","3,82,500.51"`,
    `03/04/26,UPI-SOMEONE,719999999999,03/04/26,,"9,999.00","3,92,499.51"`,
    `03/04/26,BANK CHARGES,,03/04/26,59.00,,"3,92,440.51"`,
  ]);
  const uploaded = await uploadStatement(text, 'hdfc-april.csv');
  const statementId = uploaded.body.data?.id as string;
  const lineIdOf = async (lineNumber: number) =>
    String(
      (
        await t.db
          .selectFrom('bank_statement_lines')
          .select('id')
          .where('statement_id', '=', BigInt(statementId))
          .where('line_number', '=', lineNumber)
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('stores the statement with its totals in paise', () => {
    expect(uploaded.body.status, JSON.stringify(uploaded.body)).toBe(1);
    expect(uploaded.body.data).toMatchObject({
      bankName: 'HDFC Bank',
      fileName: 'hdfc-april.csv',
      firstDate: '2026-04-01',
      lastDate: '2026-04-03',
      lineCount: 7,
      creditCount: 6,
      creditTotal: '392499.51',
      debitCount: 1,
      debitTotal: '59.00',
      matchedCount: 0,
    });
  });

  it('refuses the same statement uploaded twice, even saved again with another footer', async () => {
    const before = await statementCount();
    const same = await uploadStatement(text, 'again.csv');
    expect(same.body.code).toBe('STATEMENT_ALREADY_UPLOADED');
    expect(same.body.msg).toContain('hdfc-april.csv');
    const otherFooter = await uploadStatement(
      text.replace('Generated on 06/04/2026 10:00', 'Generated later'),
      'b.csv',
    );
    expect(otherFooter.body.code).toBe('STATEMENT_ALREADY_UPLOADED');
    expect(await statementCount()).toBe(before);
  });

  it('pairs credits with deposits by UTR and exact amount, and lists the rest', async () => {
    const reply = await consoleCall(t, financeA, 'bankStatements/matches', { statementId });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const data = reply.body.data;
    expect(data.matched.map((pair: { deposit: { id: string } }) => pair.deposit.id)).toEqual([
      small.id,
      odd.id,
      third.id,
      large.id,
    ]);
    expect(data.matched[0].line).toMatchObject({
      lineNumber: 6,
      credit: '12500.00',
      reference: `0000${small.utr}`,
    });
    expect(data.amountMismatches).toHaveLength(1);
    expect(data.amountMismatches[0].deposit.id).toBe(mismatched.id);
    expect(data.amountMismatches[0].line.credit).toBe('5000.01');
    expect(data.amountCandidates).toHaveLength(1);
    expect(data.amountCandidates[0].line.credit).toBe('9999.00');
    expect(data.amountCandidates[0].deposits.map((deposit: { id: string }) => deposit.id)).toEqual([
      candidateAmount.id,
    ]);
    expect(data.unmatchedLines.map((line: { lineNumber: number }) => line.lineNumber)).toEqual([11]);
    const unmatchedIds = data.unmatchedDeposits.map((deposit: { id: string }) => deposit.id);
    expect(unmatchedIds).toContain(unmatched.id);
    expect(unmatchedIds).toContain(candidateAmount.id);
    expect(unmatchedIds).not.toContain(small.id);
  });

  it('refuses a bulk approval holding an amount mismatch or a line naming another UTR, and moves nothing', async () => {
    const before = await balancesOf(t, small.investor.id);
    const mismatch = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [
        { lineId: await lineIdOf(6), depositId: small.id },
        { lineId: await lineIdOf(10), depositId: mismatched.id },
      ],
      reason: 'matched to the HDFC statement',
    });
    expect(mismatch.body.code).toBe('STATEMENT_AMOUNT_MISMATCH');
    expect(mismatch.body.msg).toContain('5000.01');
    const wrongUtr = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [{ lineId: await lineIdOf(11), depositId: candidateAmount.id }],
      reason: 'same amount, must be it',
    });
    expect(wrongUtr.body.code).toBe('STATEMENT_REFERENCE_MISMATCH');
    const repeated = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [
        { lineId: await lineIdOf(6), depositId: small.id },
        { lineId: await lineIdOf(6), depositId: small.id },
      ],
      reason: 'twice',
    });
    expect(repeated.body.code).toBe('STATEMENT_PAIR_REPEATED');
    const debitLine = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [{ lineId: await lineIdOf(12), depositId: small.id }],
      reason: 'a debit',
    });
    expect(debitLine.body.code).toBe('STATEMENT_LINE_NOT_FOUND');
    expect(await balancesOf(t, small.investor.id)).toEqual(before);
    const claimed = await t.db
      .selectFrom('bank_statement_lines')
      .select('id')
      .where('deposit_id', 'is not', null)
      .execute();
    expect(claimed).toEqual([]);
    const stillPending = await t.db
      .selectFrom('deposits')
      .select('status')
      .where('id', '=', BigInt(small.id))
      .executeTakeFirstOrThrow();
    expect(stillPending.status).toBe('pending');
  });

  it('approves the matched deposits in bulk; above the threshold it files an approval request a second member completes', async () => {
    const pairs = [
      { lineId: await lineIdOf(6), depositId: small.id },
      { lineId: await lineIdOf(7), depositId: odd.id },
      { lineId: await lineIdOf(8), depositId: third.id },
      { lineId: await lineIdOf(9), depositId: large.id },
    ];
    const reply = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs,
      reason: 'matched to the HDFC statement',
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'approved',
      'approved',
      'approved',
      'awaiting_second_approval',
    ]);
    expect(await balancesOf(t, small.investor.id)).toContain('cash:INR:1250000');
    expect(await balancesOf(t, odd.investor.id)).toContain('cash:INR:2500050');
    const request = await t.db
      .selectFrom('approval_requests')
      .select(['kind', 'reason', 'state'])
      .where('target_id', '=', large.id)
      .where('kind', '=', 'deposit_approval')
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ state: 'pending' });
    expect(request.reason).toContain('statement');

    const view = await consoleCall(t, financeA, 'bankStatements/matches', { statementId });
    expect(view.body.data.matched).toEqual([]);
    expect(view.body.data.settled).toHaveLength(3);
    expect(view.body.data.awaitingSecondApproval).toHaveLength(1);
    expect(view.body.data.awaitingSecondApproval[0].deposit.secondApprovalBy).toBe(financeA.username);

    const own = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [pairs[3]],
      reason: 'again',
    });
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const checked = await consoleCall(t, financeB, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [pairs[3]],
      reason: 'checked the RTGS credit on the statement',
    });
    expect(checked.body.data.results[0].outcome).toBe('approved');
    expect(await balancesOf(t, large.investor.id)).toContain('cash:INR:30000000');
  });

  it('refuses a line already matched to another deposit, and a deposit already matched elsewhere', async () => {
    const reply = await consoleCall(t, financeB, 'bankStatements/approveDeposits', {
      statementId,
      pairs: [{ lineId: await lineIdOf(6), depositId: unmatched.id }],
      reason: 'the same line again',
    });
    expect(reply.body.code).toBe('STATEMENT_LINE_ALREADY_MATCHED');
    expect(reply.body.msg).toContain(small.id);
  });

  it('leaves a UTR found on two lines to staff and refuses to approve it from the statement', async () => {
    const twice = await pendingDeposit('1500');
    const second = await uploadStatement(
      statementOf([
        `05/04/26,UPI-KIRAN,${twice.utr},05/04/26,,"1,500.00","1,500.00"`,
        `05/04/26,UPI/${twice.utr}/KIRAN,,05/04/26,,"1,500.00","3,000.00"`,
      ]),
      'hdfc-5-april.csv',
    );
    expect(second.body.status, JSON.stringify(second.body)).toBe(1);
    const view = await consoleCall(t, financeA, 'bankStatements/matches', {
      statementId: second.body.data.id,
    });
    expect(view.body.data.matched).toEqual([]);
    expect(view.body.data.ambiguous).toHaveLength(1);
    const lineId = view.body.data.ambiguous[0].lines[0].id as string;
    const reply = await consoleCall(t, financeA, 'bankStatements/approveDeposits', {
      statementId: second.body.data.id,
      pairs: [{ lineId, depositId: twice.id }],
      reason: 'take the first line',
    });
    expect(reply.body.code).toBe('STATEMENT_UTR_REPEATED');
    expect(reply.body.msg).toContain('6, 7');
  });
});
