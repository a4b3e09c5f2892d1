import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import {
  balancesOf,
  consoleCall,
  createStaff,
  fundRowCounts,
  investorWithBank,
  openDepositChannel,
  sampleImage,
  setParameters,
  upload,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const finance = await createStaff(t, ['finance']);
const otherFinance = await createStaff(t, ['finance']);
const compliance = await createStaff(t, ['compliance']);

const bankChannel = {
  kind: 'bank',
  name: 'NEFT to Nivesh Broking',
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
const upiChannel = {
  kind: 'upi',
  name: 'UPI',
  enabled: true,
  min: '100.00',
  max: '100000.00',
  windowFrom: '00:00',
  windowTo: '23:59',
  details: { vpa: 'nivesh.clients@icici', payeeName: 'Nivesh Broking' },
};

const bank = await openDepositChannel(t, finance, bankChannel);
const upi = await openDepositChannel(t, finance, upiChannel);
const bankId = bank.body.data.channel.id as string;

let utr = 400_000_000_000;
const nextUtr = () => String(utr++);

async function depositor(cashPaise = 0n) {
  const investor = await investorWithBank(t, { cashPaise });
  const receipt = await upload(t, investor, 'receipt', await sampleImage('jpeg'), 'receipt.jpg');
  return { ...investor, receiptImage: receipt.body.data.uploadId as string };
}

describe('deposit channels', () => {
  it('are configured by finance, audited, and shown to investors with a 256 x 256 QR code for UPI', async () => {
    expect(bank.body.status, JSON.stringify(bank.body)).toBe(1);
    expect(bank.body.data.channel).toMatchObject({
      kind: 'bank',
      currency: 'INR',
      min: '100.00',
      max: '1000000.00',
      qrCode: null,
    });
    expect(bank.body.data.channel.details.bankName).toBe('ICICI Bank');
    expect((await consoleCall(t, compliance, 'depositChannels/save', bankChannel)).http).toBe(403);
    const investor = await createInvestor(t);
    const listed = await t.call('recharge/channels', {}, investor.headers);
    const upiView = listed.body.data.items.find((item: { kind: string }) => item.kind === 'upi');
    expect(upiView.payerReference).toBe('utr');
    const png = Buffer.from(upiView.qrCode.replace(/^data:image\/png;base64,/, ''), 'base64');
    const metadata = await sharp(png).metadata();
    expect([metadata.width, metadata.height]).toEqual([256, 256]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'deposit_channel')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'deposit_channel.create',
      'deposit_channel.payee_change',
      'deposit_channel.create',
      'deposit_channel.payee_change',
    ]);
  });

  it('keep USDT off until crypto is switched on, and refuse bad payee details', async () => {
    const usdt = {
      ...upiChannel,
      kind: 'usdt',
      name: 'USDT TRC20',
      details: { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    };
    expect((await consoleCall(t, finance, 'depositChannels/save', usdt)).body.code).toBe('CRYPTO_DISABLED');
    const badVpa = await consoleCall(t, finance, 'depositChannels/save', {
      ...upiChannel,
      details: { vpa: 'not a vpa', payeeName: 'X' },
    });
    expect(badVpa.body).toMatchObject({ code: 'SETTING_INVALID', params: { field: 'details.vpa' } });
    const badLimits = await consoleCall(t, finance, 'depositChannels/save', {
      ...bankChannel,
      min: '500',
      max: '100',
    });
    expect(badLimits.body).toMatchObject({ code: 'SETTING_INVALID', params: { field: 'max' } });
  });
});

describe('a deposit', () => {
  it('is submitted with a UTR, receipt and own source, approved once by entry deposit:<id>:approve, and the investor is told', async () => {
    const investor = await depositor();
    const submitted = await t.call(
      'recharge/submit',
      {
        channelId: bankId,
        amount: '25000.50',
        payerReference: nextUtr(),
        receiptImage: investor.receiptImage,
        sourceId: investor.bankId,
      },
      investor.headers,
    );
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(1);
    expect(submitted.body.data).toMatchObject({ status: 'pending', amount: '25000.50', currency: 'INR' });
    const id = submitted.body.data.id as string;
    const queue = await consoleCall(t, finance, 'deposits/list', { userId: String(investor.id) });
    expect(queue.body.data.items[0]).toMatchObject({
      id,
      receiptImage: investor.receiptImage,
      sourceAccountNumber: expect.stringMatching(/^[0-9]{12}$/),
    });
    const [first, second] = await Promise.all([
      consoleCall(t, finance, 'deposits/approve', { id }),
      consoleCall(t, otherFinance, 'deposits/approve', { id }),
    ]);
    expect([first.body.status, second.body.status].sort()).toEqual([0, 1]);
    expect((first.body.status === 0 ? first : second).body.code).toBe('NOT_IN_REVIEW');
    const entry = await t.db
      .selectFrom('journal_entries')
      .selectAll()
      .where('entry_key', '=', `deposit:${id}:approve`)
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('deposit_approved');
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:2500050');
    const message = await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      kind: 'DEPOSIT_APPROVED',
      params: { amount: '25000.50', currency: 'INR' },
    });
    const records = await t.call('user/fundRecords', { tab: 'recharge' }, investor.headers);
    expect(records.body.data.items[0]).toMatchObject({
      id,
      status: 'approved',
      detail: 'NEFT to Nivesh Broking',
    });
    expect(records.body.data.items[0].postings).toHaveLength(1);
    expect(records.body.data.items[0].postings[0]).toMatchObject({
      kind: 'deposit_approved',
      account: 'cash',
      amount: '25000.50',
    });
  });

  it('is rejected with a reason, crediting nothing, and the investor is told', async () => {
    const investor = await depositor();
    const submitted = await t.call(
      'recharge/submit',
      {
        channelId: bankId,
        amount: '1000',
        payerReference: nextUtr(),
        receiptImage: investor.receiptImage,
        sourceId: investor.bankId,
      },
      investor.headers,
    );
    const rejected = await consoleCall(t, finance, 'deposits/reject', {
      id: submitted.body.data.id,
      reason: 'no matching credit on statement',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'no matching credit on statement',
      entryId: null,
    });
    expect(await balancesOf(t, investor.id)).toContain('cash:INR:0');
    const message = await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe('DEPOSIT_REJECTED');
  });

  it('is refused for each rule with its code and the server’s values, writing nothing', async () => {
    const investor = await depositor();
    const stranger = await depositor();
    const ok = {
      channelId: bankId,
      amount: '500',
      payerReference: nextUtr(),
      receiptImage: investor.receiptImage,
      sourceId: investor.bankId,
    };
    const cases: [Record<string, unknown>, string, Record<string, unknown>?][] = [
      [{ ...ok, amount: '99.99' }, 'AMOUNT_BELOW_MINIMUM', { min: '100.00' }],
      [{ ...ok, amount: '1000000.01' }, 'AMOUNT_ABOVE_MAXIMUM', { max: '1000000.00' }],
      [{ ...ok, amount: '' }, 'AMOUNT_REQUIRED'],
      [{ ...ok, payerReference: '12345' }, 'UTR_INVALID'],
      [{ ...ok, receiptImage: stranger.receiptImage }, 'RECEIPT_REQUIRED'],
      [{ ...ok, sourceId: stranger.bankId }, 'CARD_NOT_HOLDERS'],
      [{ ...ok, channelId: '999999' }, 'DEPOSIT_CHANNEL_UNAVAILABLE'],
    ];
    for (const [body, code, params] of cases) {
      const before = await fundRowCounts(t);
      const reply = await t.call('recharge/submit', body, investor.headers);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      if (params) expect(reply.body.params).toMatchObject(params);
      expect(await fundRowCounts(t)).toEqual(before);
    }
    expect((await t.call('recharge/submit', ok, investor.headers)).body.status).toBe(1);
    const second = await t.call('recharge/submit', { ...ok, payerReference: nextUtr() }, investor.headers);
    expect(second.body.code).toBe('DEPOSIT_PENDING');
    const reused = await t.call(
      'recharge/submit',
      { ...ok, receiptImage: stranger.receiptImage, sourceId: stranger.bankId },
      stranger.headers,
    );
    expect(reused.body.code).toBe('PAYER_REFERENCE_USED');
  });

  it('is refused outside the channel’s window with the window in the message', async () => {
    const narrow = await openDepositChannel(t, finance, {
      ...bankChannel,
      name: 'Office hours',
      windowFrom: '11:00',
      windowTo: '17:00',
    });
    const investor = await depositor();
    const reply = await t.call(
      'recharge/submit',
      {
        channelId: narrow.body.data.channel.id,
        amount: '500',
        payerReference: nextUtr(),
        receiptImage: investor.receiptImage,
        sourceId: investor.bankId,
      },
      investor.headers,
    );
    expect(reply.body).toMatchObject({
      code: 'OUTSIDE_DEPOSIT_WINDOW',
      params: { from: '11:00:00', to: '17:00:59' },
    });
    await consoleCall(t, finance, 'depositChannels/delete', {
      id: narrow.body.data.channel.id,
      reason: 'test channel',
    });
    void upi;
  });
});

describe('the platform deposit parameters', () => {
  it('narrow every channel: the Parameters page limits and window apply, shown to investors and enforced', async () => {
    const admin = await createStaff(t, ['admin']);
    await setParameters(t, finance, { deposit_amount_max: '500.00' });
    await setParameters(t, admin, { deposit_window: { start: '12:00', end: '18:00' } });
    try {
      const investor = await depositor();
      const listed = await t.call('recharge/channels', {}, investor.headers);
      const bankView = listed.body.data.items.find((item: { id: string }) => item.id === bankId);
      expect(bankView).toMatchObject({
        min: '100.00',
        max: '500.00',
        windowFrom: '12:00',
        windowTo: '18:00',
      });
      const body = {
        channelId: bankId,
        amount: '600',
        payerReference: nextUtr(),
        receiptImage: investor.receiptImage,
        sourceId: investor.bankId,
      };
      const before = await fundRowCounts(t);
      const above = await t.call('recharge/submit', body, investor.headers);
      expect(above.body).toMatchObject({ code: 'AMOUNT_ABOVE_MAXIMUM', params: { max: '500.00' } });
      // The harness clock stands at 10:00 IST, before the platform window opens.
      const early = await t.call('recharge/submit', { ...body, amount: '400' }, investor.headers);
      expect(early.body).toMatchObject({
        code: 'OUTSIDE_DEPOSIT_WINDOW',
        params: { from: '12:00:00', to: '18:00:59' },
      });
      expect(await fundRowCounts(t)).toEqual(before);
    } finally {
      await setParameters(t, finance, { deposit_amount_max: '1000000.00' });
      await setParameters(t, admin, { deposit_window: { start: '00:00', end: '23:59' } });
    }
  });
});

describe('payout destinations', () => {
  it('refuse a holder other than the KYC name, a bad IFSC, an unknown bank and duplicates', async () => {
    const investor = await createInvestor(t, { realName: 'Asha Verma', fundPassword: 'Fund1234' });
    const good = { holderName: 'Asha Verma', accountNumber: '987654321098', ifsc: 'SBIN0004321' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, holderName: 'Someone Else' }, 'CARD_NOT_HOLDERS'],
      [{ ...good, ifsc: 'SBIN1004321' }, 'IFSC_INVALID'],
      [{ ...good, ifsc: 'ZZZZ0004321' }, 'BANK_UNKNOWN'],
      [{ ...good, accountNumber: '12345' }, 'BANK_ACCOUNT_NUMBER_INVALID'],
    ];
    for (const [body, code] of cases) {
      const before = await fundRowCounts(t);
      expect((await t.call('bank/add', body, investor.headers)).body.code).toBe(code);
      expect(await fundRowCounts(t)).toEqual(before);
    }
    const added = await t.call('bank/add', good, investor.headers);
    expect(added.body.data).toMatchObject({
      accountNumber: 'XXXX1098',
      bankName: 'State Bank of India',
      usable: false,
    });
    expect(added.body.data.usableFrom - added.body.data.createdAt).toBe(24 * 3_600_000);
    expect((await t.call('bank/add', good, investor.headers)).body.code).toBe('CARD_EXISTS');
    const other = await createInvestor(t, { realName: 'Asha Verma' });
    expect((await t.call('bank/add', good, other.headers)).body.code).toBe('CARD_EXISTS');
    const wrong = await t.call(
      'bank/unbind',
      { id: added.body.data.id, fundPassword: 'Wrong123' },
      investor.headers,
    );
    expect(wrong.body.code).toBe('FUND_PASSWORD_WRONG');
    expect((await t.call('bank/list', {}, investor.headers)).body.data.items).toHaveLength(1);
    expect(
      (await t.call('bank/unbind', { id: added.body.data.id, fundPassword: 'Fund1234' }, investor.headers))
        .body.status,
    ).toBe(1);
    expect((await t.call('bank/list', {}, investor.headers)).body.data.items).toHaveLength(0);
  });

  it('take wallets only while crypto is on, checked per network', async () => {
    const investor = await createInvestor(t, { realName: 'Asha Verma' });
    expect(
      (
        await t.call(
          'wallet/add',
          { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
          investor.headers,
        )
      ).body.code,
    ).toBe('CRYPTO_DISABLED');
    const admin = await createStaff(t, ['admin']);
    await setParameters(t, admin, { crypto_enabled: true });
    try {
      expect(
        (
          await t.call(
            'wallet/add',
            { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
            investor.headers,
          )
        ).body.code,
      ).toBe('WALLET_ADDRESS_INVALID');
      expect(
        (await t.call('wallet/add', { network: 'ERC20', address: '0x1234' }, investor.headers)).body.code,
      ).toBe('WALLET_ADDRESS_INVALID');
      expect(
        (
          await t.call(
            'wallet/add',
            { network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
            investor.headers,
          )
        ).body.status,
      ).toBe(1);
      expect(
        (
          await t.call(
            'wallet/add',
            { network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
            investor.headers,
          )
        ).body.status,
      ).toBe(1);
      expect(
        (
          await t.call(
            'wallet/add',
            { network: 'ERC20', address: '0x52908400098527886e0f7030069857d2e4169ee7' },
            investor.headers,
          )
        ).body.code,
      ).toBe('WALLET_EXISTS');
      expect((await t.call('wallet/list', {}, investor.headers)).body.data.items).toHaveLength(2);
    } finally {
      await setParameters(t, admin, { crypto_enabled: false });
    }
  });
});
