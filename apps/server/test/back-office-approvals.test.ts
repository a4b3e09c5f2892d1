import { describe, expect, it } from 'vitest';
import { readParameter } from '../src/repositories/parameter.repository.js';
import {
  consoleCall,
  createStaff,
  investorWithBank,
  openDepositChannel,
  sampleImage,
  setParameters,
  upload,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const financeA = await createStaff(t, ['finance']);
const financeB = await createStaff(t, ['finance']);
const admin = await createStaff(t, ['admin']);

const bankChannel = {
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
};
const created = await openDepositChannel(t, financeA, bankChannel);
const channelId = created.body.data.channel.id as string;

let utr = 500_000_000_000;
const nextUtr = () => String(utr++);

async function pendingDeposit(amount: string) {
  const investor = await investorWithBank(t);
  const receipt = await upload(t, investor, 'receipt', await sampleImage('jpeg'), 'receipt.jpg');
  const submitted = await t.call(
    'recharge/submit',
    {
      channelId,
      amount,
      payerReference: nextUtr(),
      receiptImage: receipt.body.data.uploadId,
      sourceId: investor.bankId,
    },
    investor.headers,
  );
  expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(1);
  return { investor, id: submitted.body.data.id as string };
}

const investorChannel = async () => {
  const investor = await investorWithBank(t);
  const listed = await t.call('recharge/channels', {}, investor.headers);
  return listed.body.data.items.find((item: { id: string }) => item.id === channelId);
};

describe("a deposit channel's payee details", () => {
  it('change only when a second staff member approves; investors see the old account until then', async () => {
    const unexplained = await consoleCall(t, financeA, 'depositChannels/save', {
      ...bankChannel,
      id: channelId,
      details: { ...bankChannel.details, accountNumber: '999988887777' },
    });
    expect(unexplained.body.code).toBe('REASON_REQUIRED');

    const saved = await consoleCall(t, financeA, 'depositChannels/save', {
      ...bankChannel,
      id: channelId,
      name: 'Bank transfer (NEFT/RTGS)',
      details: { ...bankChannel.details, accountNumber: '999988887777' },
      reason: 'the broker moved its client account to a new branch',
    });
    expect(saved.body.status, JSON.stringify(saved.body)).toBe(1);
    // The name (not a payee detail) changed at once; the account waits.
    expect(saved.body.data.channel.name).toBe('Bank transfer (NEFT/RTGS)');
    expect(saved.body.data.channel.details.accountNumber).toBe('000405012345');
    expect(saved.body.data.pendingPayeeChange).toMatchObject({
      details: { accountNumber: '999988887777' },
      requestedBy: financeA.username,
    });
    expect((await investorChannel()).details.accountNumber).toBe('000405012345');

    const queue = await consoleCall(t, financeB, 'approvals/list', {});
    const item = queue.body.data.items.find(
      (entry: { kind: string }) => entry.kind === 'deposit_channel_payee',
    );
    expect(item).toMatchObject({
      source: 'approval',
      target: 'Bank transfer (deposit channel)',
      change: [{ field: 'accountNumber', before: '000405012345', after: '999988887777' }],
      requestedBy: financeA.username,
      isOwn: false,
      ageMinutes: 0,
      overdue: false,
    });

    const own = await consoleCall(t, financeA, 'approvals/decide', {
      id: item.id,
      approve: true,
      reason: 'looks right',
    });
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    // The database refuses the maker as checker even if the use case were bypassed.
    await expect(
      t.db
        .updateTable('approval_requests')
        .set({
          state: 'approved',
          decided_by: BigInt(financeA.id),
          decided_at: new Date(),
          decision_reason: 'x',
        })
        .where('id', '=', BigInt(item.id))
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });

    const approved = await consoleCall(t, financeB, 'approvals/decide', {
      id: item.id,
      approve: true,
      reason: 'confirmed with the bank letter',
    });
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: financeB.username });
    expect((await investorChannel()).details.accountNumber).toBe('999988887777');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'deposit_channel.payee_change')
      .where('actor_id', '=', String(financeB.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: String(financeB.id),
      reason: 'the broker moved its client account to a new branch',
    });
    const again = await consoleCall(t, admin, 'approvals/decide', {
      id: item.id,
      approve: false,
      reason: 'too late',
    });
    expect(again.body.code).toBe('APPROVAL_ALREADY_DECIDED');
  });
});

describe('a new deposit channel', () => {
  it('stays closed to investors until a second staff member approves its payee details', async () => {
    const upi = {
      kind: 'upi',
      name: 'UPI (new)',
      enabled: true,
      min: '100',
      max: '100000',
      windowFrom: '00:00',
      windowTo: '23:59',
      details: { vpa: 'someone.else@okaxis', payeeName: 'Not the broker' },
    };
    const created = await consoleCall(t, financeA, 'depositChannels/save', upi);
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(created.body.data).toMatchObject({
      enabled: false,
      pendingPayeeChange: { details: { vpa: 'someone.else@okaxis' }, requestedBy: financeA.username },
    });
    const newId = created.body.data.channel.id as string;
    const investor = await investorWithBank(t);
    const visible = async () =>
      (await t.call('recharge/channels', {}, investor.headers)).body.data.items.some(
        (item: { id: string }) => item.id === newId,
      );
    expect(await visible()).toBe(false);
    // The maker cannot switch it on by editing it while the request waits.
    const enable = await consoleCall(t, financeA, 'depositChannels/save', {
      ...upi,
      id: newId,
      reason: 'switching it on',
    });
    expect(enable.body.code).toBe('APPROVAL_ALREADY_PENDING');
    const own = await consoleCall(t, financeA, 'approvals/decide', {
      id: created.body.data.pendingPayeeChange.requestId,
      approve: true,
      reason: 'mine',
    });
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const approved = await consoleCall(t, financeB, 'approvals/decide', {
      id: created.body.data.pendingPayeeChange.requestId,
      approve: true,
      reason: 'the VPA is on the bank letter',
    });
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
    expect(await visible()).toBe(true);
  });
});

describe('a copy-trading product funded above follow_funding_second_approver_above', () => {
  it('is funded and listed only when a second staff member approves', async () => {
    const product = {
      name: 'Demo Large Fund',
      description: 'a fund above the threshold',
      fundSize: '1000000.01',
      minInvestment: '10000.00',
      copyUntil: t.clock.now() + 3_600_000,
      endsAt: t.clock.now() + 4 * 3_600_000,
      reason: 'launch of the large fund',
    };
    const created = await consoleCall(t, financeA, 'follow/create', product);
    expect(created.body.status, JSON.stringify(created.body)).toBe(1);
    expect(created.body.data).toMatchObject({
      strategyCash: '0.00',
      takenDown: true,
      pendingFunding: { requestedBy: financeA.username },
    });
    const productId = created.body.data.product.id as string;
    const investor = await investorWithBank(t);
    const listed = async () =>
      (await t.call('follow/list', {}, investor.headers)).body.data.items.some(
        (item: { id: string }) => item.id === productId,
      );
    expect(await listed()).toBe(false);
    const queue = await consoleCall(t, financeB, 'approvals/list', {});
    const item = queue.body.data.items.find(
      (entry: { kind: string; targetId: string }) =>
        entry.kind === 'follow_funding' && entry.targetId === productId,
    );
    expect(item).toMatchObject({ amount: '1000000.01', target: 'Demo Large Fund (copy-trading product)' });
    const own = await consoleCall(t, financeA, 'approvals/decide', {
      id: item.id,
      approve: true,
      reason: 'mine',
    });
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const approved = await consoleCall(t, financeB, 'approvals/decide', {
      id: item.id,
      approve: true,
      reason: 'capital allocation agreed',
    });
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
    const after = await consoleCall(t, financeB, 'follow/products', {});
    expect(
      after.body.data.items.find((entry: { product: { id: string } }) => entry.product.id === productId),
    ).toMatchObject({ strategyCash: '1000000.01', takenDown: false, pendingFunding: null });
    expect(await listed()).toBe(true);
  });
});

describe('a deposit above deposit_second_approver_above', () => {
  it('is credited only when a second staff member approves it', async () => {
    const { investor, id } = await pendingDeposit('250000.00');
    const first = await consoleCall(t, financeA, 'deposits/approve', { id });
    expect(first.body.status, JSON.stringify(first.body)).toBe(1);
    expect(first.body.data).toMatchObject({
      status: 'pending',
      secondApproval: { requestedBy: financeA.username },
    });
    const repeat = await consoleCall(t, financeA, 'deposits/approve', { id });
    expect(repeat.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const cash = () =>
      t.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('user_id', '=', investor.id)
        .where('purpose', '=', 'cash')
        .executeTakeFirst();
    expect((await cash())?.balance_minor ?? 0n).toBe(0n);
    const queue = await consoleCall(t, financeB, 'approvals/list', {});
    const item = queue.body.data.items.find(
      (entry: { kind: string; targetId: string }) =>
        entry.kind === 'deposit_approval' && entry.targetId === id,
    );
    expect(item).toMatchObject({ amount: '250000.00', target: `Deposit ${id} of Asha Verma` });
    const second = await consoleCall(t, financeB, 'approvals/decide', {
      id: item.id,
      approve: true,
      reason: 'UTR on the statement',
    });
    expect(second.body.status, JSON.stringify(second.body)).toBe(1);
    expect((await cash())?.balance_minor).toBe(25_000_000n);
  });

  it('up to the threshold is approved by one person', async () => {
    const { id } = await pendingDeposit('1000.00');
    const approved = await consoleCall(t, financeA, 'deposits/approve', { id });
    expect(approved.body.data).toMatchObject({ status: 'approved', secondApproval: null, reversedAt: null });
  });
});

describe('a reversed deposit', () => {
  it('reads reversed in the queue and is left out of the dashboard day figures', async () => {
    const before = await consoleCall(t, admin, 'dashboard/summary', {});
    const { id } = await pendingDeposit('5000.00');
    const approved = await consoleCall(t, financeA, 'deposits/approve', { id });
    const entryId = approved.body.data.entryId as string;
    const during = await consoleCall(t, admin, 'dashboard/summary', {});
    expect(during.body.data.today.deposits.count).toBe(before.body.data.today.deposits.count + 1);
    const reversed = await consoleCall(t, financeB, 'ledger/reverse', {
      entryId,
      reason: 'the bank returned the credit',
    });
    expect(reversed.body.status, JSON.stringify(reversed.body)).toBe(1);
    const queue = await consoleCall(t, financeA, 'deposits/list', { status: 'approved' });
    const item = queue.body.data.items.find((entry: { id: string }) => entry.id === id);
    expect(item.reversedAt).toBe(t.clock.now());
    expect(item.reversalEntryId).toBe(reversed.body.data.entryId);
    const after = await consoleCall(t, admin, 'dashboard/summary', {});
    expect(after.body.data.today.deposits).toEqual(before.body.data.today.deposits);
  });
});

describe('a money parameter', () => {
  it('changes only when a second staff member approves it', async () => {
    const asked = await consoleCall(t, financeA, 'parameters/update', {
      name: 'withdrawal_amount_max',
      value: '400000.00',
      reason: 'board decision of 1 December',
    });
    expect(asked.body.status, JSON.stringify(asked.body)).toBe(1);
    expect(asked.body.data).toMatchObject({ value: '500000.00', pendingChange: { value: '400000.00' } });
    expect(await readParameter(t.db, 'withdrawal_amount_max')).toBe(5_00_000_00n);
    const listed = await consoleCall(t, financeB, 'parameters/list', {});
    const item = listed.body.data.items.find(
      (entry: { name: string }) => entry.name === 'withdrawal_amount_max',
    );
    expect(item.pendingChange.requestId).toBe(asked.body.data.pendingChange.requestId);
    const approved = await consoleCall(t, financeB, 'approvals/decide', {
      id: item.pendingChange.requestId,
      approve: true,
      reason: 'matches the board note',
    });
    expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
    expect(await readParameter(t.db, 'withdrawal_amount_max')).toBe(4_00_000_00n);
  });

  it('the fixture approves through a second staff member', async () => {
    await setParameters(t, financeA, { deposit_amount_min: '200.00' });
    expect(await readParameter(t.db, 'deposit_amount_min')).toBe(20_000n);
  });
});

describe('a payout reference', () => {
  it('already used for a paid withdrawal is refused for another', async () => {
    const pay = async () => {
      const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
      const reply = await t.call(
        'cashout/submit',
        { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
        investor.headers,
      );
      expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
      return reply.body.data.id as string;
    };
    const first = await pay();
    const second = await pay();
    const paid = await consoleCall(t, financeA, 'withdrawals/approve', {
      id: first,
      payoutReference: 'UTR900000000001',
    });
    expect(paid.body.status, JSON.stringify(paid.body)).toBe(1);
    const reused = await consoleCall(t, financeA, 'withdrawals/approve', {
      id: second,
      payoutReference: 'UTR900000000001',
    });
    expect(reused.body).toMatchObject({ status: 0, code: 'PAYOUT_REFERENCE_USED' });
    expect(reused.body.msg).toContain(`withdrawal ${first}`);
    // The refusal names whose withdrawal it was, not an id alone (investorWithBank: Asha Verma).
    expect(reused.body.params).toMatchObject({ investor: 'Asha Verma' });
    expect(reused.body.msg).toBe(
      `Payout reference UTR900000000001 was already used for withdrawal ${first} of Asha Verma`,
    );
  });
});

describe('the dashboard', () => {
  it('counts second approvals waiting and the items past their queue SLA', async () => {
    const before = await consoleCall(t, admin, 'dashboard/summary', {});
    type Queue = { queue: string; count: number; overdue: number };
    const queue = (data: { pendingReviews: Queue[] }, name: string) =>
      data.pendingReviews.find((entry) => entry.queue === name) as Queue;
    await pendingDeposit('300000.00'); // waits in the deposit queue
    const { id } = await pendingDeposit('300000.00');
    await consoleCall(t, financeA, 'deposits/approve', { id }); // waits for a second approval
    const now = await consoleCall(t, admin, 'dashboard/summary', {});
    expect(queue(now.body.data, 'approvals')).toMatchObject({
      count: queue(before.body.data, 'approvals').count + 1,
      slaMinutes: 120,
    });
    expect(queue(now.body.data, 'loans')).toMatchObject({ slaMinutes: 1440 });
    expect(queue(now.body.data, 'deposits').overdue).toBe(0);
    t.clock.advance(3 * 3_600_000);
    const later = await consoleCall(t, admin, 'dashboard/summary', {});
    expect(queue(later.body.data, 'deposits').overdue).toBe(queue(later.body.data, 'deposits').count);
    expect(queue(later.body.data, 'approvals').overdue).toBe(queue(later.body.data, 'approvals').count);
    expect(queue(later.body.data, 'approvals').overdue).toBeGreaterThan(0);
  });
});
