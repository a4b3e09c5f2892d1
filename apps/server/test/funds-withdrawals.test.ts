import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import {
  balancesOf,
  consoleCall,
  createStaff,
  fundRowCounts,
  investorWithBank,
  setParameters,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const financeA = await createStaff(t, ['finance']);
const financeB = await createStaff(t, ['finance']);
const support = await createStaff(t, ['support']);

/** Asserts a refusal's code and that nothing was written. */
async function expectRefused(
  run: () => Promise<{ body: { status: number; code?: string } }>,
  code: string,
  userId: bigint,
) {
  const balances = await balancesOf(t, userId);
  const counts = await fundRowCounts(t);
  const reply = await run();
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(0);
  expect(reply.body.code).toBe(code);
  expect(await balancesOf(t, userId)).toEqual(balances);
  expect(await fundRowCounts(t)).toEqual(counts);
  return reply;
}

const withdraw = (investor: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  t.call('cashout/submit', body, investor.headers);

describe('a withdrawal request', () => {
  it('succeeds for a user with credit score 0 when every stated rule holds, moving the amount to the hold', async () => {
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n, creditScore: 0 });
    const reply = await withdraw(investor, {
      amount: '2500.00',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data).toMatchObject({
      amount: '2500.00',
      fee: '0.00',
      net: '2500.00',
      status: 'pending',
      approvalsRequired: 1,
    });
    expect(reply.body.data.arrival).toContain('2 hours');
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:750000');
    expect(await balancesOf(t, investor.id)).toContain('withdrawal_hold:INR:250000');
    const entry = await t.db
      .selectFrom('journal_entries')
      .select(['kind'])
      .where('entry_key', '=', `withdrawal:${reply.body.data.id}:request`)
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('withdrawal_requested');
  });

  it('shows the fee before confirming and takes it from the amount when paid', async () => {
    const admin = await createStaff(t, ['admin']);
    await setParameters(t, admin, { withdrawal_fee_fixed: '10.00', withdrawal_fee_bps: 10 });
    try {
      const investor = await investorWithBank(t, { cashPaise: 2_000_000n });
      const quote = await t.call(
        'cashout/quote',
        { amount: '10000', destinationId: investor.bankId },
        investor.headers,
      );
      expect(quote.body.data).toMatchObject({
        amount: '10000.00',
        fee: '20.00',
        net: '9980.00',
        withdrawable: '20000.00',
        min: '100.00',
        max: '500000.00',
        inWindow: true,
      });
      const request = await withdraw(investor, {
        amount: 10000,
        destinationId: investor.bankId,
        fundPassword: 'Fund1234',
      });
      expect(request.body.data).toMatchObject({ fee: '20.00', net: '9980.00' });
      const paid = await consoleCall(t, financeA, 'withdrawals/approve', {
        id: request.body.data.id,
        payoutReference: 'NEFT123456',
      });
      expect(paid.body.data).toMatchObject({ status: 'approved', payoutReference: 'NEFT123456' });
      expect(await balancesOf(t, investor.id)).toContain('withdrawal_hold:INR:0');
      expect(await balancesOf(t, investor.id)).toContain('cash:INR:1000000');
    } finally {
      await setParameters(t, admin, { withdrawal_fee_fixed: '0.00', withdrawal_fee_bps: 0 });
    }
  });

  it('is refused for each stated reason with its code, writing nothing', async () => {
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const ok = { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' };
    await expectRefused(
      () => withdraw(investor, { ...ok, amount: '99.99' }),
      'AMOUNT_BELOW_MINIMUM',
      investor.id,
    );
    const above = await expectRefused(
      () => withdraw(investor, { ...ok, amount: '500000.01' }),
      'AMOUNT_ABOVE_MAXIMUM',
      investor.id,
    );
    expect(above.body).toMatchObject({ params: { max: '500000.00' } });
    await expectRefused(() => withdraw(investor, { ...ok, amount: '' }), 'AMOUNT_REQUIRED', investor.id);
    const more = await expectRefused(
      () => withdraw(investor, { ...ok, amount: '10000.01' }),
      'WITHDRAWABLE_INSUFFICIENT',
      investor.id,
    );
    expect(more.body).toMatchObject({ params: { withdrawable: '10000.00' } });
    await expectRefused(
      () => withdraw(investor, { ...ok, destinationId: '999999' }),
      'PAYOUT_DESTINATION_REQUIRED',
      investor.id,
    );
    const wrong = await expectRefused(
      () => withdraw(investor, { ...ok, fundPassword: 'Wrong999' }),
      'FUND_PASSWORD_WRONG',
      investor.id,
    );
    expect(wrong.body).toMatchObject({ params: { attemptsLeft: 4 } });
    await t.db
      .updateTable('users')
      .set({ fund_password_failures: 0 })
      .where('id', '=', investor.id)
      .execute();

    // Outside the window: 09:29 IST on the same Monday, and on a Saturday.
    const now = t.clock.now();
    try {
      t.clock.set(now - 31 * 60_000);
      const early = await expectRefused(
        () => withdraw(investor, ok),
        'OUTSIDE_WITHDRAWAL_WINDOW',
        investor.id,
      );
      expect(early.body).toMatchObject({ params: { from: '09:30:00', to: '23:59:59' } });
      // Saturday 10:00 IST: not a working day (a new session, as the old one idled out).
      t.clock.set(now + 5 * 86_400_000);
      const login = await t.call('user/login', { account: investor.phone, password: investor.password });
      const saturday = { headers: { token: login.body.data.token as string, account: investor.phone } };
      await expectRefused(() => withdraw(saturday, ok), 'OUTSIDE_WITHDRAWAL_WINDOW', investor.id);
    } finally {
      t.clock.set(now);
    }

    // A flag staff set with a reason.
    await t.db
      .insertInto('user_flags')
      .values({ user_id: investor.id, flag: 'withdrawal_barred', reason: 'court order', set_by: 'staff:1' })
      .execute();
    const barred = await t.call('user/login', { account: investor.phone, password: investor.password });
    const barredHeaders = { token: barred.body.data.token as string, account: investor.phone };
    await expectRefused(() => t.call('cashout/submit', ok, barredHeaders), 'WITHDRAWAL_BARRED', investor.id);
    await t.db.deleteFrom('user_flags').where('user_id', '=', investor.id).execute();
  });

  it('is refused without KYC, without a fund password and to a destination still cooling off', async () => {
    const unverified = await createInvestor(t, {
      kyc: 'pending',
      fundPassword: 'Fund1234',
      cashPaise: 500_000n,
    });
    await expectRefused(
      () => withdraw(unverified, { amount: '100', destinationId: '1', fundPassword: 'Fund1234' }),
      'REAL_NAME_REQUIRED',
      unverified.id,
    );
    const noPassword = await createInvestor(t, { cashPaise: 500_000n });
    await expectRefused(
      () => withdraw(noPassword, { amount: '100', destinationId: '1', fundPassword: 'Fund1234' }),
      'FUND_PASSWORD_NOT_SET',
      noPassword.id,
    );
    const fresh = await createInvestor(t, {
      cashPaise: 500_000n,
      realName: 'Ravi Iyer',
      fundPassword: 'Fund1234',
    });
    const bank = await t.call(
      'bank/add',
      { holderName: 'Ravi Iyer', accountNumber: '123456789012', ifsc: 'SBIN0000001' },
      fresh.headers,
    );
    const cooling = await expectRefused(
      () => withdraw(fresh, { amount: '100', destinationId: bank.body.data.id, fundPassword: 'Fund1234' }),
      'PAYOUT_DESTINATION_COOLING_OFF',
      fresh.id,
    );
    // It says when the account becomes usable (24 hours after adding it), not a number of hours.
    expect(cooling.body).toMatchObject({ params: { until: '2026-11-24 10:00 IST' } });
    expect((cooling.body as { msg?: string }).msg).toBe(
      'This payout destination can receive money from 2026-11-24 10:00 IST',
    );
  });

  it('counts a loan owed against the withdrawable amount', async () => {
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const { postEntry, userAccountId, houseAccountId } = await import(
      '../src/repositories/ledger.repository.js'
    );
    await t.db.transaction().execute(async (trx) =>
      postEntry(trx, {
        key: `test:loan:${investor.id}`,
        kind: 'loan_disbursed',
        postedBy: { type: 'system' },
        atMs: t.clock.now(),
        postings: [
          {
            accountId: await userAccountId(trx, investor.id, 'loan_payable', 'INR'),
            amountMinor: -400_000n,
            currency: 'INR',
          },
          {
            accountId: await houseAccountId(trx, 'house_loans', 'INR'),
            amountMinor: 400_000n,
            currency: 'INR',
          },
        ],
      }),
    );
    await expectRefused(
      () =>
        withdraw(investor, { amount: '6000.01', destinationId: investor.bankId, fundPassword: 'Fund1234' }),
      'WITHDRAWABLE_INSUFFICIENT',
      investor.id,
    );
    expect(
      (
        await withdraw(investor, {
          amount: '6000.00',
          destinationId: investor.bankId,
          fundPassword: 'Fund1234',
        })
      ).body.status,
    ).toBe(1);
  });

  it('refuses a second request while one is pending, and of two racing with cash for one exactly one succeeds', async () => {
    const investor = await investorWithBank(t, { cashPaise: 300_000n });
    const body = { amount: '2000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' };
    const [first, second] = await Promise.all([withdraw(investor, body), withdraw(investor, body)]);
    const statuses = [first.body.status, second.body.status].sort();
    expect(statuses).toEqual([0, 1]);
    const refused = first.body.status === 0 ? first : second;
    expect(['OTHER_FUND_OPERATION_PENDING', 'WITHDRAWABLE_INSUFFICIENT']).toContain(refused.body.code);
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:100000');
    expect(await balancesOf(t, investor.id)).toContain('withdrawal_hold:INR:200000');
    await expectRefused(
      () => withdraw(investor, { ...body, amount: '100.00' }),
      'OTHER_FUND_OPERATION_PENDING',
      investor.id,
    );
  });
});

describe('staff review of withdrawals', () => {
  it('rejects with a reason: the hold returns to cash and the investor is told', async () => {
    const investor = await investorWithBank(t, { cashPaise: 500_000n });
    const request = await withdraw(investor, {
      amount: '1000',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    const rejected = await consoleCall(t, financeA, 'withdrawals/reject', {
      id: request.body.data.id,
      reason: 'account name mismatch at bank',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'account name mismatch at bank',
    });
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:500000');
    const message = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe('WITHDRAWAL_REJECTED');
    const again = await consoleCall(t, financeB, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'X123',
    });
    expect(again.body.code).toBe('NOT_IN_REVIEW');
  });

  it('needs a payout reference, the finance role, and is audited', async () => {
    const investor = await investorWithBank(t, { cashPaise: 500_000n });
    const request = await withdraw(investor, {
      amount: '1000',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    expect(
      (await consoleCall(t, financeA, 'withdrawals/approve', { id: request.body.data.id })).body.code,
    ).toBe('PAYOUT_REFERENCE_REQUIRED');
    expect(
      (
        await consoleCall(t, support, 'withdrawals/approve', {
          id: request.body.data.id,
          payoutReference: 'IMPS1',
        })
      ).http,
    ).toBe(403);
    const queue = await consoleCall(t, financeA, 'withdrawals/list', { userId: String(investor.id) });
    expect(queue.body.data.items).toHaveLength(1);
    expect(queue.body.data.items[0].destinationAccountNumber).toMatch(/^[0-9]{12}$/);
    const paid = await consoleCall(t, financeA, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'IMPS1',
    });
    expect(paid.body.data.status).toBe('approved');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'withdrawal')
      .where('target_id', '=', request.body.data.id)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['withdrawal.approve']);
  });

  it('above ₹2,00,000 needs a second, different finance staff member', async () => {
    const investor = await investorWithBank(t, { cashPaise: 30_000_000n });
    const request = await withdraw(investor, {
      amount: '200000.01',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    expect(request.body.data).toMatchObject({ approvalsRequired: 2, approvals: 0 });
    const first = await consoleCall(t, financeA, 'withdrawals/approve', { id: request.body.data.id });
    expect(first.body.data).toMatchObject({ status: 'pending', firstApprovedBy: financeA.username });
    expect(await balancesOf(t, investor.id)).toContain('withdrawal_hold:INR:20000001');
    const same = await consoleCall(t, financeA, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'RTGS1',
    });
    expect(same.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const second = await consoleCall(t, financeB, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'RTGS1',
    });
    expect(second.body.data).toMatchObject({ status: 'approved', payoutReference: 'RTGS1' });
    expect(await balancesOf(t, investor.id)).toContain('withdrawal_hold:INR:0');
  });

  it('counts one of two approvals sent at once', async () => {
    const investor = await investorWithBank(t, { cashPaise: 500_000n });
    const request = await withdraw(investor, {
      amount: '1000',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    const replies = await Promise.all([
      consoleCall(t, financeA, 'withdrawals/approve', { id: request.body.data.id, payoutReference: 'UTR-A' }),
      consoleCall(t, financeB, 'withdrawals/approve', { id: request.body.data.id, payoutReference: 'UTR-B' }),
    ]);
    expect(replies.map((reply) => reply.body.status).sort()).toEqual([0, 1]);
    expect(replies.find((reply) => reply.body.status === 0)!.body.code).toBe('NOT_IN_REVIEW');
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('entry_key', '=', `withdrawal:${request.body.data.id}:approve`)
      .execute();
    expect(entries).toHaveLength(1);
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:400000');
  });
});

describe('fund records', () => {
  it('list withdrawals with their state and the ledger rows behind them', async () => {
    const investor = await investorWithBank(t, { cashPaise: 500_000n });
    const request = await withdraw(investor, {
      amount: '1000',
      destinationId: investor.bankId,
      fundPassword: 'Fund1234',
    });
    await consoleCall(t, financeA, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'IMPS9',
    });
    const records = await t.call('user/fundRecords', { tab: 'withdrawal' }, investor.headers);
    expect(records.body.data.items).toHaveLength(1);
    const record = records.body.data.items[0];
    expect(record).toMatchObject({
      id: request.body.data.id,
      status: 'approved',
      amount: '1000.00',
      reference: 'IMPS9',
    });
    expect(record.detail).toBe(`HDFC Bank XXXX${record.detail.slice(-4)}`);
    expect(
      record.postings
        .map(
          (posting: { kind: string; account: string; amount: string }) =>
            `${posting.kind}/${posting.account}/${posting.amount}`,
        )
        .sort(),
    ).toEqual([
      'withdrawal_paid/withdrawal_hold/-1000.00',
      'withdrawal_requested/cash/-1000.00',
      'withdrawal_requested/withdrawal_hold/1000.00',
    ]);
    const statement = await t.call('user/statement', { tab: 'withdrawal' }, investor.headers);
    expect(statement.body.data.items).toHaveLength(3);
  });
});
