import { verhoeffCheckDigit } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import { createInvestor, type TestInvestor } from './fixtures.js';
import { consoleCall, createStaff, fundRowCounts, sampleImage, upload } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const compliance = await createStaff(t, ['compliance']);
const otherCompliance = await createStaff(t, ['compliance']);
const finance = await createStaff(t, ['finance']);

const aadhaarOf = (first11: string) => first11 + verhoeffCheckDigit(first11);

async function kycImages(investor: TestInvestor) {
  const front = await upload(t, investor, 'kyc', await sampleImage('jpeg'), 'front.jpg');
  const back = await upload(t, investor, 'kyc', await sampleImage('png'), 'back.png');
  expect(front.body.status, JSON.stringify(front.body)).toBe(1);
  return { frontImage: front.body.data.uploadId as string, backImage: back.body.data.uploadId as string };
}

describe('KYC submission', () => {
  it('stores an Aadhaar number only as its last 4 digits and a keyed hash, and goes under review', async () => {
    const investor = await createInvestor(t, { kyc: 'unverified', realName: undefined });
    const number = aadhaarOf('98765432101');
    const submitted = await t.call(
      'user/authSubmit',
      {
        realName: ' Meera   Nair ',
        idType: 'aadhaar',
        idNumber: `${number.slice(0, 4)} ${number.slice(4, 8)} ${number.slice(8)}`,
        ...(await kycImages(investor)),
      },
      investor.headers,
    );
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe(1);
    expect(submitted.body.data.status).toBe('pending');
    const row = await t.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(Object.values(row).map(String).join('|')).not.toContain(number);
    expect(row).toMatchObject({
      full_name: 'Meera Nair',
      id_last4: number.slice(-4),
      id_display: `XXXX XXXX ${number.slice(-4)}`,
    });
    expect(row.id_hmac).toMatch(/^[0-9a-f]{64}$/);
    const info = await t.call('user/authInfo', {}, investor.headers);
    expect(info.body.data).toMatchObject({
      status: 'pending',
      submission: { idType: 'aadhaar', idNumber: `XXXX XXXX ${number.slice(-4)}` },
    });
    const again = await t.call(
      'user/authSubmit',
      { realName: 'Meera Nair', idType: 'pan', idNumber: 'ABCDE1234F', ...(await kycImages(investor)) },
      investor.headers,
    );
    expect(again.body.code).toBe('REAL_NAME_UNDER_REVIEW');
  });

  it('refuses a bad name, a bad PAN, a wrong Aadhaar check digit, another user’s images and an identity in use, writing nothing', async () => {
    const investor = await createInvestor(t, { kyc: 'unverified' });
    const stranger = await createInvestor(t, { kyc: 'unverified' });
    const images = await kycImages(investor);
    const strangerImages = await kycImages(stranger);
    const good = { realName: 'Kiran Rao', idType: 'pan', idNumber: 'KIRAN1234R', ...images };
    const number = aadhaarOf('87654321098');
    const wrongDigit = number.slice(0, 11) + ((Number(number[11]) + 1) % 10);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, realName: 'K1ran <b>' }, 'NAME_INVALID'],
      [{ ...good, idNumber: 'KIRAN12345' }, 'ID_NUMBER_INVALID'],
      [{ ...good, idType: 'aadhaar', idNumber: wrongDigit }, 'ID_NUMBER_INVALID'],
      [{ ...good, frontImage: strangerImages.frontImage }, 'UPLOAD_NOT_FOUND'],
      [{ ...good, backImage: images.frontImage }, 'UPLOAD_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const before = await fundRowCounts(t);
      const reply = await t.call('user/authSubmit', body, investor.headers);
      expect(reply.body.code, JSON.stringify(body)).toBe(code);
      expect(await fundRowCounts(t)).toEqual(before);
    }
    expect((await t.call('user/authSubmit', good, investor.headers)).body.status).toBe(1);
    const taken = await t.call('user/authSubmit', { ...good, ...strangerImages }, stranger.headers);
    expect(taken.body.code).toBe('ID_NUMBER_IN_USE');
    const user = await t.db
      .selectFrom('users')
      .select('kyc_status')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    expect(user.kyc_status).toBe('unverified');
  });
});

describe('KYC review', () => {
  async function submitted(name = 'Divya Menon', pan = `DIVYA${1000 + Math.floor(Math.random() * 8999)}M`) {
    const investor = await createInvestor(t, { kyc: 'unverified' });
    const reply = await t.call(
      'user/authSubmit',
      { realName: name, idType: 'pan', idNumber: pan, ...(await kycImages(investor)) },
      investor.headers,
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const queue = await consoleCall(t, compliance, 'kyc/list', { userId: String(investor.id) });
    return { investor, id: queue.body.data.items[0].id as string, item: queue.body.data.items[0] };
  }

  it('compliance approves: the name becomes the KYC name, the investor is told, the act is audited', async () => {
    const { investor, id, item } = await submitted();
    expect(item).toMatchObject({ realName: 'Divya Menon', idType: 'pan', status: 'pending' });
    expect((await consoleCall(t, finance, 'kyc/approve', { id })).http).toBe(403);
    const approved = await consoleCall(t, compliance, 'kyc/approve', { id });
    expect(approved.body.data).toMatchObject({ status: 'verified', reviewedBy: compliance.username });
    const info = await t.call('user/getUserinfo', {}, investor.headers);
    expect(info.body.data).toMatchObject({ realName: 'Divya Menon', realNameStatus: 'verified' });
    const message = await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(message.kind).toBe('KYC_APPROVED');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'kyc_submission')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toEqual([{ action: 'kyc.approve', actor_id: String(compliance.id) }]);
    const verifiedAgain = await t.call(
      'user/authSubmit',
      {
        realName: 'Divya Menon',
        idType: 'pan',
        idNumber: 'ZZZZZ9999Z',
        frontImage: item.frontImage,
        backImage: item.backImage,
      },
      investor.headers,
    );
    expect(verifiedAgain.body.code).toBe('REAL_NAME_ALREADY_VERIFIED');
  });

  it('rejects with a reason, and the investor submits again', async () => {
    const { investor, id } = await submitted('Arjun Das', 'ARJUN1111D');
    const rejected = await consoleCall(t, compliance, 'kyc/reject', { id, reason: 'back image is blurred' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'back image is blurred' });
    const info = await t.call('user/authInfo', {}, investor.headers);
    expect(info.body.data).toMatchObject({
      status: 'rejected',
      submission: { rejectReason: 'back image is blurred' },
    });
    const message = await t.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: 'KYC_REJECTED', params: { reason: 'back image is blurred' } });
    const resubmitted = await t.call(
      'user/authSubmit',
      { realName: 'Arjun Das', idType: 'pan', idNumber: 'ARJUN1111D', ...(await kycImages(investor)) },
      investor.headers,
    );
    expect(resubmitted.body.status).toBe(1);
  });

  it('of two reviewers acting at once one decides and the other is told the item is not in review', async () => {
    const { id } = await submitted();
    const replies = await Promise.all([
      consoleCall(t, compliance, 'kyc/approve', { id }),
      consoleCall(t, otherCompliance, 'kyc/reject', { id, reason: 'duplicate review' }),
    ]);
    expect(replies.map((reply) => reply.body.status).sort()).toEqual([0, 1]);
    expect(replies.find((reply) => reply.body.status === 0)!.body.code).toBe('NOT_IN_REVIEW');
  });

  it('deposit and withdrawal require a verified KYC', async () => {
    const investor = await createInvestor(t, { kyc: 'rejected', fundPassword: 'Fund1234' });
    const deposit = await t.call(
      'recharge/submit',
      {
        channelId: '1',
        amount: '500',
        payerReference: '123456789012',
        receiptImage: 'a'.repeat(32),
        sourceId: '1',
      },
      investor.headers,
    );
    expect(deposit.body.code).toBe('REAL_NAME_REQUIRED');
    const withdrawal = await t.call(
      'cashout/submit',
      { amount: '500', destinationId: '1', fundPassword: 'Fund1234' },
      investor.headers,
    );
    expect(withdrawal.body.code).toBe('REAL_NAME_REQUIRED');
    const bank = await t.call(
      'bank/add',
      { holderName: 'Test Investor', accountNumber: '123456789012', ifsc: 'SBIN0000001' },
      investor.headers,
    );
    expect(bank.body.code).toBe('REAL_NAME_REQUIRED');
  });
});
