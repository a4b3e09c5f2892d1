import { describe, expect, it } from 'vitest';
import {
  consoleCall,
  createStaff,
  investorWithBank,
  openDepositChannel,
  sampleImage,
  upload,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const finance = await createStaff(t, ['finance']);
const channel = await openDepositChannel(t, finance, {
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

let utr = 733_000_000_000;
async function deposit(amount: string, realName: string) {
  const investor = await investorWithBank(t);
  await t.db.updateTable('users').set({ real_name: realName }).where('id', '=', investor.id).execute();
  const receipt = await upload(t, investor, 'receipt', await sampleImage('jpeg'), 'receipt.jpg');
  const payerReference = String(utr++);
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
  return { id: submitted.body.data.id as string, utr: payerReference, phone: investor.phone };
}

const small = await deposit('500', 'Kiran Shah');
const middle = await deposit('5000', 'Meera_Iyer');
const big = await deposit('50000', 'Ravi Kumar');
const ids = async (filter: Record<string, unknown>) => {
  const reply = await consoleCall(t, finance, 'deposits/list', filter);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return reply.body.data.items.map((item: { id: string }) => item.id);
};

describe('the queue tools', () => {
  it('filter the deposit queue by amount (inclusive), UTR, investor and IST day', async () => {
    expect(await ids({ amountMin: '500', amountMax: '5000' })).toEqual([small.id, middle.id]);
    expect(await ids({ amountMin: '5000.01' })).toEqual([big.id]);
    expect(await ids({ reference: big.utr })).toEqual([big.id]);
    expect(await ids({ investor: 'ravi' })).toEqual([big.id]);
    expect(await ids({ investor: small.phone.slice(-6) })).toEqual([small.id]);
    // An underscore is a character, not a wildcard.
    expect(await ids({ investor: 'a_I' })).toEqual([middle.id]);
    const today = new Date(t.clock.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(await ids({ from: today, to: today })).toEqual([small.id, middle.id, big.id]);
    expect(await ids({ to: '2020-01-01' })).toEqual([]);
  });

  it('refuse a minimum above the maximum, a day that does not exist and a malformed amount', async () => {
    const inverted = await consoleCall(t, finance, 'deposits/list', { amountMin: '100', amountMax: '50' });
    expect(inverted.body.code).toBe('VALIDATION_FAILED');
    const badDay = await consoleCall(t, finance, 'deposits/list', { from: '2026-02-30' });
    expect(badDay.body.code).toBe('VALIDATION_FAILED');
    const badAmount = await consoleCall(t, finance, 'withdrawals/list', { amountMin: '1.234' });
    expect(badAmount.body.code).toBe('VALIDATION_FAILED');
  });

  it('filter the KYC queue by investor and refuse an amount there', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const reply = await consoleCall(t, compliance, 'kyc/list', { investor: 'nobody-like-this' });
    expect(reply.body.data.items).toEqual([]);
    const amount = await consoleCall(t, compliance, 'kyc/list', { amountMin: '1' });
    expect(amount.body.status).toBe(0);
  });
});
