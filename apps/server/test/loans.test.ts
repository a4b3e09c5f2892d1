import { addIstDays } from '@nivesh/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvestor, createStaff, logInAgain, type TestInvestor } from './fixtures.js';
import { balancesOf, consoleCall, investorWithBank } from './funds-fixtures.js';
import { startTestApp, TRADING_MONDAY_10_00_IST } from './harness.js';
import { settle } from './trading-helpers.js';

const t = await startTestApp();
let compliance = await createStaff(t, ['compliance']);
let finance = await createStaff(t, ['finance']);
const support = await createStaff(t, ['support']);

/** Puts the clock back after a test that moved it, with staff signed in afresh (their sessions expired). */
async function resetClock() {
  t.clock.set(TRADING_MONDAY_10_00_IST);
  compliance = await createStaff(t, ['compliance']);
  finance = await createStaff(t, ['finance']);
}
afterEach(async () => {
  if (t.clock.now() !== TRADING_MONDAY_10_00_IST) await resetClock();
});
const DAY_MS = 86_400_000;

// The staff table: below 300 nothing; 300 → ₹10,000; 600 → ₹50,000; 800 → ₹10,00,000 (above the
// platform's ₹5,00,000 single-loan limit, so LOAN_OVER_LIMIT can be met).
const table = await consoleCall(t, compliance, 'loans/setQuotaTable', {
  tiers: [
    { minCreditScore: 300, quota: '10000' },
    { minCreditScore: 600, quota: '50000' },
    { minCreditScore: 800, quota: '1000000' },
  ],
  reason: 'launch table',
});
expect(table.body.status).toBe(1);

async function borrower(
  options: { creditScore?: number; cashPaise?: bigint; kyc?: 'verified' | 'unverified' } = {},
): Promise<TestInvestor> {
  const investor = await createInvestor(t, {
    cashPaise: options.cashPaise ?? 0n,
    fundPassword: 'Fund1234',
    kyc: options.kyc ?? 'verified',
  });
  await t.db
    .updateTable('users')
    .set({ credit_score: options.creditScore ?? 650 })
    .where('id', '=', investor.id)
    .execute();
  return investor;
}

const apply = (investor: TestInvestor, body: Record<string, unknown>) =>
  t.call('loan/apply', body, investor.headers);
const repay = (investor: TestInvestor, amount: unknown, fundPassword = 'Fund1234') =>
  t.call('loan/repay', { amount, fundPassword }, investor.headers);
const info = async (investor: TestInvestor) => (await t.call('loan/info', {}, investor.headers)).body.data;

async function approvedLoan(investor: TestInvestor, amount: string, termDays = 30): Promise<string> {
  const applied = await apply(investor, { amount, termDays });
  expect(applied.body.status, JSON.stringify(applied.body)).toBe(1);
  // Every loan above loan_second_approver_above (₹0 by default) needs two people (ADR 0027): the
  // first approval only asks; the second, by another staff member, disburses.
  const asked = await consoleCall(t, finance, 'loans/approve', { id: applied.body.data.id });
  expect(asked.body.status, JSON.stringify(asked.body)).toBe(1);
  expect(asked.body.data.state).toBe('pending');
  // The queue says who approved first, so the console offers the maker no second approval.
  expect(asked.body.data.secondApproval).toMatchObject({ requestedBy: finance.username });
  const sameAgain = await consoleCall(t, finance, 'loans/approve', { id: applied.body.data.id });
  expect(sameAgain.body.code).toBe('SECOND_APPROVER_REQUIRED');
  const approved = await consoleCall(t, compliance, 'loans/approve', { id: applied.body.data.id });
  expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
  expect(approved.body.data.secondApproval).toBeNull();
  return applied.body.data.id as string;
}

const count = async (table: 'loans' | 'loan_repayments' | 'journal_entries' | 'messages' | 'audit_log') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const snapshot = async (userId: bigint) => ({
  balances: await balancesOf(t, userId),
  loans: await count('loans'),
  repayments: await count('loan_repayments'),
  entries: await count('journal_entries'),
  messages: await count('messages'),
  loanRows: await t.db.selectFrom('loans').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
});

/** A refusal with its code, after which nothing has changed: balances, loans, repayments, ledger, messages. */
async function expectRefused(
  run: () => Promise<{ http: number; body: { status: number; code?: string; params?: unknown } }>,
  code: string,
  userId: bigint,
) {
  const before = await snapshot(userId);
  const reply = await run();
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(0);
  expect(reply.body.code).toBe(code);
  expect(await snapshot(userId)).toEqual(before);
  return reply;
}

const messageKinds = async (userId: bigint) =>
  (
    await t.db.selectFrom('messages').select('kind').where('user_id', '=', userId).orderBy('id').execute()
  ).map((row) => row.kind);

const entryKinds = async (investor: TestInvestor) => {
  const reply = await t.call('user/statement', { limit: 100 }, investor.headers);
  return (reply.body.data.items as Array<{ kind: string; account: string; amount: string }>).map(
    (row) => `${row.kind}:${row.account}:${row.amount}`,
  );
};

describe('applying for a credit loan', () => {
  it('shows the quota by credit score, quotes the interest before confirming, and waits for review', async () => {
    const investor = await borrower({ creditScore: 650 });
    expect(await info(investor)).toMatchObject({
      creditScore: 650,
      quota: '50000.00',
      borrowed: '0.00',
      borrowable: '50000.00',
      minAmount: '1000.00',
      maxAmount: '500000.00',
      terms: [7, 15, 30, 60, 90],
      dailyInterestBps: '5',
      owed: '0.00',
      current: null,
    });
    const quote = await t.call('loan/quote', { amount: '10000', termDays: 30 }, investor.headers);
    expect(quote.body.data).toMatchObject({
      amount: '10000.00',
      dailyInterest: '5.00',
      interestOverTerm: '150.00',
      totalDue: '10150.00',
      dueAtIfApprovedNow: Date.UTC(2026, 11, 22, 18, 30),
    });
    const applied = await apply(investor, { amount: '10000', termDays: 30 });
    expect(applied.body).toMatchObject({ status: 1, data: { state: 'pending', amount: '10000.00' } });
    expect(await info(investor)).toMatchObject({ borrowed: '10000.00', borrowable: '0.00' });
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:0');
  });

  it('approval credits the cash against loan_payable in one entry, audited, and tells the investor', async () => {
    const investor = await borrower({ cashPaise: 50_000n });
    const id = await approvedLoan(investor, '10000', 7);
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining(['cash:INR:1050000', 'loan_payable:INR:-1000000']),
    );
    const current = (await info(investor)).current;
    expect(current).toMatchObject({
      id,
      state: 'outstanding',
      owed: '10000.00',
      principalOutstanding: '10000.00',
      dueAt: Date.UTC(2026, 10, 29, 18, 30),
      isOverdue: false,
    });
    expect(await messageKinds(investor.id)).toEqual(['LOAN_APPROVED']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id'])
      .where('target_type', '=', 'loan')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => `${row.action}:${row.actor_type}`)).toEqual([
      'loan.apply:user',
      'loan.approve:staff',
    ]);
    expect(await entryKinds(investor)).toEqual(
      expect.arrayContaining(['loan_disbursed:cash:10000.00', 'loan_disbursed:loan_payable:-10000.00']),
    );
    // The outstanding loan blocks a new one.
    await expectRefused(
      () => apply(investor, { amount: '1000', termDays: 7 }),
      'LOAN_OUTSTANDING',
      investor.id,
    );
  });

  it('rejection moves nothing, tells the investor why, and a new application may follow', async () => {
    const investor = await borrower();
    const applied = await apply(investor, { amount: '2000', termDays: 15 });
    const entries = await count('journal_entries');
    const rejected = await consoleCall(t, compliance, 'loans/reject', {
      id: applied.body.data.id,
      reason: 'income not verified',
    });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: 'income not verified' });
    expect(await count('journal_entries')).toBe(entries);
    expect(await balancesOf(t, investor.id)).not.toContain(expect.stringMatching(/^loan_payable:INR:-/));
    expect(await messageKinds(investor.id)).toEqual(['LOAN_REJECTED']);
    expect((await apply(investor, { amount: '2000', termDays: 15 })).body.status).toBe(1);
  });
});

describe('refusals when applying, each changing nothing', () => {
  it('quota insufficient: a score below every tier, or more than the quota allows', async () => {
    const unscored = await borrower({ creditScore: 100 });
    const zero = await expectRefused(
      () => apply(unscored, { amount: '1000', termDays: 7 }),
      'BORROW_QUOTA_INSUFFICIENT',
      unscored.id,
    );
    expect(zero.body.params).toEqual({ available: '0.00' });
    const small = await borrower({ creditScore: 300 });
    const over = await expectRefused(
      () => apply(small, { amount: '10000.01', termDays: 7 }),
      'BORROW_QUOTA_INSUFFICIENT',
      small.id,
    );
    expect(over.body.params).toEqual({ available: '10000.00' });
  });

  it('over the limit: above the platform’s single-loan maximum even within the quota', async () => {
    const rich = await borrower({ creditScore: 900 });
    const reply = await expectRefused(
      () => apply(rich, { amount: '500000.01', termDays: 90 }),
      'LOAN_OVER_LIMIT',
      rich.id,
    );
    expect(reply.body.params).toEqual({ max: '500000.00' });
  });

  it('a loan under review blocks another; the database allows one open loan per user', async () => {
    const investor = await borrower();
    await apply(investor, { amount: '1000', termDays: 7 });
    await expectRefused(
      () => apply(investor, { amount: '1000', termDays: 7 }),
      'ORDER_PENDING_REVIEW',
      investor.id,
    );
    await expect(
      t.db
        .insertInto('loans')
        .values({
          user_id: investor.id,
          principal_paise: 100_000n,
          term_days: 7,
          daily_interest_bps: '5',
          state: 'pending',
          applied_at: new Date(t.clock.now()),
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('amount missing or zero, below the minimum, KYC missing, a frozen account, a term not offered', async () => {
    const investor = await borrower();
    await expectRefused(() => apply(investor, { amount: '', termDays: 7 }), 'AMOUNT_REQUIRED', investor.id);
    await expectRefused(() => apply(investor, { amount: '0', termDays: 7 }), 'AMOUNT_REQUIRED', investor.id);
    await expectRefused(
      () => apply(investor, { amount: '999.99', termDays: 7 }),
      'AMOUNT_BELOW_MINIMUM',
      investor.id,
    );
    await expectRefused(
      () => apply(investor, { amount: '1000.001', termDays: 7 }),
      'VALIDATION_FAILED',
      investor.id,
    );
    const term = await expectRefused(
      () => apply(investor, { amount: '1000', termDays: 10 }),
      'VALIDATION_FAILED',
      investor.id,
    );
    expect(term.body.params).toEqual({ field: 'termDays', reason: 'not_offered' });
    const noKyc = await borrower({ kyc: 'unverified' });
    await expectRefused(() => apply(noKyc, { amount: '1000', termDays: 7 }), 'REAL_NAME_REQUIRED', noKyc.id);
    const frozen = await borrower();
    const flagged = await consoleCall(t, compliance, 'users/setFlag', {
      userId: String(frozen.id),
      flag: 'frozen',
      set: true,
      reason: 'suspicious activity',
    });
    expect(flagged.body.status).toBe(1);
    await expectRefused(() => apply(frozen, { amount: '1000', termDays: 7 }), 'ACCOUNT_FROZEN', frozen.id);
  });

  it('approving or rejecting what is not under review: NOT_IN_REVIEW; a role outside the matrix: 403', async () => {
    const investor = await borrower({ cashPaise: 100_000n });
    const id = await approvedLoan(investor, '1000', 7);
    await expectRefused(() => consoleCall(t, finance, 'loans/approve', { id }), 'NOT_IN_REVIEW', investor.id);
    await expectRefused(
      () => consoleCall(t, compliance, 'loans/reject', { id, reason: 'changed my mind' }),
      'NOT_IN_REVIEW',
      investor.id,
    );
    expect((await consoleCall(t, support, 'loans/approve', { id })).http).toBe(403);
    expect(
      (
        await consoleCall(t, compliance, 'loans/recordRepayment', {
          id,
          amount: '1',
          reference: 'UTR1',
          reason: 'nope',
        })
      ).http,
    ).toBe(403);
  });
});

describe('repaying', () => {
  it('from cash, partly then fully, interest first, never more than owed; the statement shows every step', async () => {
    const investor = await borrower({ cashPaise: 500_000n });
    const id = await approvedLoan(investor, '10000', 7);
    t.clock.advance(2 * DAY_MS);
    await t.app.tradingEngine!.runDueWork();
    await settle(t);
    const me = await logInAgain(t, investor);
    // Two days at ₹5.00.
    expect((await info(me)).current).toMatchObject({ interestCharged: '10.00', owed: '10010.00' });
    const over = await expectRefused(() => repay(me, '10010.01'), 'REPAY_EXCEEDS_OWED', me.id);
    expect(over.body.params).toEqual({ owed: '10010.00' });
    await expectRefused(() => repay(me, '0'), 'AMOUNT_REQUIRED', me.id);
    await expectRefused(() => repay(me, '100', 'Wrong999'), 'FUND_PASSWORD_WRONG', me.id);

    const partial = await repay(me, '2010');
    expect(partial.body.data).toMatchObject({
      state: 'outstanding',
      interestOutstanding: '0.00',
      principalOutstanding: '8000.00',
      owed: '8000.00',
      repaid: '2010.00',
    });
    const repayments = await t.db
      .selectFrom('loan_repayments')
      .select(['interest_paise', 'principal_paise'])
      .where('loan_id', '=', BigInt(id))
      .execute();
    expect(repayments).toEqual([{ interest_paise: 1_000n, principal_paise: 200_000n }]);
    // A day later the interest is on the ₹8,000.00 left: ₹4.00.
    t.clock.advance(DAY_MS);
    const again = await logInAgain(t, me);
    const full = await repay(again, '8004');
    expect(full.body.data).toMatchObject({ state: 'repaid', owed: '0.00', repaid: '10014.00' });
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining(['cash:INR:498600', 'loan_payable:INR:0']),
    );
    expect(await messageKinds(investor.id)).toEqual(['LOAN_APPROVED', 'LOAN_REPAID']);
    expect(await entryKinds(again)).toEqual(
      expect.arrayContaining([
        'loan_disbursed:cash:10000.00',
        'loan_interest:loan_payable:-5.00',
        'loan_interest:loan_payable:-4.00',
        'loan_repayment:cash:-2010.00',
        'loan_repayment:loan_payable:2010.00',
        'loan_repayment:cash:-8004.00',
      ]),
    );
    await expectRefused(() => repay(again, '1'), 'ORDER_NOT_FOUND', investor.id);
    // Repaid: a new loan may be applied for.
    expect((await apply(again, { amount: '1000', termDays: 7 })).body.status).toBe(1);
  });

  it('with too little cash: FUNDS_INSUFFICIENT, nothing moves; a frozen account repays through customer service', async () => {
    const investor = await borrower({ cashPaise: 0n });
    await approvedLoan(investor, '5000', 7);
    // Spend most of the loan on a transfer out of cash (an order hold would do the same).
    await t.db.transaction().execute(async (trx) => {
      const { postEntry, userAccountId, houseAccountId } = await import(
        '../src/repositories/ledger.repository.js'
      );
      await postEntry(trx, {
        key: `test:spend:${investor.id}`,
        kind: 'trade_fee',
        postedBy: { type: 'system' },
        atMs: t.clock.now(),
        postings: [
          {
            accountId: await userAccountId(trx, investor.id, 'cash', 'INR'),
            amountMinor: -400_000n,
            currency: 'INR',
          },
          {
            accountId: await houseAccountId(trx, 'house_fees', 'INR'),
            amountMinor: 400_000n,
            currency: 'INR',
          },
        ],
      });
    });
    expect(await info(investor)).toMatchObject({
      cash: '1000.00',
      owed: '5000.00',
      cashShort: true,
      withdrawable: '0.00',
    });
    await expectRefused(() => repay(investor, '1000.01'), 'FUNDS_INSUFFICIENT', investor.id);
    expect((await repay(investor, '1000')).body.data).toMatchObject({ owed: '4000.00' });
    await consoleCall(t, compliance, 'users/setFlag', {
      userId: String(investor.id),
      flag: 'frozen',
      set: true,
      reason: 'court order',
    });
    await expectRefused(() => repay(investor, '1'), 'REPAY_VIA_SUPPORT', investor.id);
  });

  it('staff record a repayment received outside: clearing → loan_payable, never cash, once per reference, audited', async () => {
    const investor = await borrower({ cashPaise: 0n });
    const id = await approvedLoan(investor, '3000', 15);
    const record = (amount: string, reference: string) =>
      consoleCall(t, finance, 'loans/recordRepayment', {
        id,
        amount,
        reference,
        reason: 'bank statement line 12',
      });
    const over = await expectRefused(() => record('3000.01', 'UTR123456'), 'REPAY_EXCEEDS_OWED', investor.id);
    expect(over.body.params).toEqual({ owed: '3000.00' });
    const recorded = await record('1000', 'UTR123456');
    expect(recorded.body.data).toMatchObject({
      owed: '2000.00',
      repayments: [
        { amount: '1000.00', source: 'staff', reference: 'UTR123456', recordedBy: finance.username },
      ],
    });
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining(['cash:INR:300000', 'loan_payable:INR:-200000']),
    );
    await expectRefused(() => record('1000', 'UTR123456'), 'LOAN_REPAYMENT_REFERENCE_USED', investor.id);
    const done = await record('2000', 'UTR654321');
    expect(done.body.data.state).toBe('repaid');
    await expectRefused(() => record('1', 'UTR999999'), 'REPAY_EXCEEDS_OWED', investor.id);
    expect(await messageKinds(investor.id)).toEqual([
      'LOAN_APPROVED',
      'LOAN_REPAYMENT_RECORDED',
      'LOAN_REPAYMENT_RECORDED',
      'LOAN_REPAID',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'loan.repayment.record')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toEqual([
      { action: 'loan.repayment.record', reason: 'bank statement line 12' },
      { action: 'loan.repayment.record', reason: 'bank statement line 12' },
    ]);
    expect(await entryKinds(investor)).toContain('loan_repayment_received:loan_payable:1000.00');
  });

  it('two repayments at once cannot overpay: one is taken, the other is refused', async () => {
    const investor = await borrower({ cashPaise: 1_000_000n });
    await approvedLoan(investor, '5000', 7);
    const [first, second] = await Promise.all([repay(investor, '3000'), repay(investor, '3000')]);
    const codes = [first.body, second.body].map((body) => (body.status === 1 ? 'ok' : body.code)).sort();
    expect(codes).toEqual(['REPAY_EXCEEDS_OWED', 'ok']);
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining(['cash:INR:1200000', 'loan_payable:INR:-200000']),
    );
  });
});

describe('withdrawing while a loan is outstanding', () => {
  it('the rest of the cash can be withdrawn; more than cash less owed is WITHDRAWABLE_INSUFFICIENT', async () => {
    const investor = await investorWithBank(t, { cashPaise: 2_000_000n, creditScore: 650 });
    await approvedLoan(investor, '10000', 30);
    expect((await t.call('user/getUserinfo', {}, investor.headers)).body.data).toMatchObject({
      balances: { available: '30000.00', withdrawable: '20000.00' },
    });
    const quote = await t.call(
      'cashout/quote',
      { amount: '100', destinationId: investor.bankId },
      investor.headers,
    );
    expect(quote.body.data.withdrawable).toBe('20000.00');
    const cashout = (amount: string) =>
      t.call(
        'cashout/submit',
        { amount, destinationId: investor.bankId, fundPassword: 'Fund1234' },
        investor.headers,
      );
    const refused = await expectRefused(() => cashout('20000.01'), 'WITHDRAWABLE_INSUFFICIENT', investor.id);
    expect(refused.body.params).toEqual({ withdrawable: '20000.00' });
    const allowed = await cashout('20000');
    expect(allowed.body.status, JSON.stringify(allowed.body)).toBe(1);
    expect((await info(investor)).withdrawable).toBe('0.00');
  });
});

describe('daily interest by the engine', () => {
  it('over 30 days with an injected clock equals the formula to the paisa, one entry per IST day, and tells the investor at term end', async () => {
    t.clock.set(TRADING_MONDAY_10_00_IST);
    const investor = await borrower({ cashPaise: 0n });
    const id = await approvedLoan(investor, '12345.67', 30);
    // 1,234,567 paise × 5 bps = 617.2835 paise → 617 a day.
    const perDay = 617n;
    t.clock.advance(30 * DAY_MS);
    await t.app.tradingEngine!.runDueWork();
    await settle(t);
    await t.app.tradingEngine!.runDueWork(); // idempotent: a second run charges nothing more
    await settle(t);
    const keys = (
      await t.db
        .selectFrom('journal_entries')
        .select('entry_key')
        .where('entry_key', 'like', `loan:${id}:interest:%`)
        .orderBy('entry_key')
        .execute()
    ).map((row) => row.entry_key);
    const days = Array.from({ length: 30 }, (_, index) => addIstDays('2026-11-23', index));
    expect(keys).toEqual(days.map((day) => `loan:${id}:interest:${day}`));
    expect(await balancesOf(t, investor.id)).toEqual(
      expect.arrayContaining([`loan_payable:INR:${-(1_234_567n + 30n * perDay)}`, 'cash:INR:1234567']),
    );
    const row = await t.db
      .selectFrom('loans')
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.interest_charged_paise).toBe(30n * perDay);
    expect(row.interest_from_date).toBe('2026-12-23');
    // Due at 2026-12-23 00:00 IST; cash (₹12,345.67) does not cover ₹12,530.77: told plainly, nothing deducted.
    const notice = await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', investor.id)
      .where('kind', 'like', 'LOAN_DUE%')
      .execute();
    expect(notice).toEqual([
      {
        kind: 'LOAN_DUE_CASH_SHORT',
        params: { owed: '12530.77', cash: '12345.67', dueDate: '2026-12-22' },
      },
    ]);
    const engineAudit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id'])
      .where('target_type', '=', 'loan')
      .where('target_id', '=', id)
      .where('actor_type', '=', 'system')
      .execute();
    expect(engineAudit.map((a) => `${a.action}:${a.actor_id}`)).toEqual([
      'loan.interest:engine',
      'loan.due_notice:engine',
    ]);
    const me = await logInAgain(t, investor);
    expect((await info(me)).current).toMatchObject({
      isOverdue: true,
      owed: '12530.77',
      interestCharged: '185.10',
    });
  });
});

describe('the console queue', () => {
  it('lists pending loans with the investor, score, quota and cash; filters by state', async () => {
    const investor = await borrower({ creditScore: 700, cashPaise: 123_400n });
    const applied = await apply(investor, { amount: '4000', termDays: 60 });
    const list = await consoleCall(t, compliance, 'loans/list', { userId: String(investor.id) });
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        id: applied.body.data.id,
        state: 'pending',
        creditScore: 700,
        quota: '50000.00',
        cash: '1234.00',
        investor: expect.objectContaining({ userId: String(investor.id) }),
        repayments: [],
      }),
    ]);
    const none = await consoleCall(t, compliance, 'loans/list', {
      userId: String(investor.id),
      state: 'repaid',
    });
    expect(none.body.data.items).toEqual([]);
    const records = await t.call('loan/records', {}, investor.headers);
    expect(records.body.data.items.map((item: { state: string }) => item.state)).toEqual(['pending']);
  });
});
