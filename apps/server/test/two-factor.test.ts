import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { investorWithBank } from './funds-fixtures.js';
import { startTestApp, type TestApp } from './harness.js';

const t = await startTestApp();

const codeFor = (app: TestApp, secret: string, offsetMs = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: app.clock.now() + offsetMs,
  });

/** Enrols the investor's second factor through the real calls; answers the secret and codes. */
async function enrol(app: TestApp, investor: TestInvestor) {
  const started = await app.call('user/twoFactorEnroll', {}, investor.headers);
  expect(started.body.status, JSON.stringify(started.body)).toBe(1);
  const secret = started.body.data.secret as string;
  const confirmed = await app.call('user/twoFactorConfirm', { code: codeFor(app, secret) }, investor.headers);
  expect(confirmed.body.status, JSON.stringify(confirmed.body)).toBe(1);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

const login = (app: TestApp, investor: TestInvestor, extra: Record<string, unknown> = {}) =>
  app.call('user/login', { account: investor.phone, password: investor.password, ...extra });

const messagesOf = (app: TestApp, investor: TestInvestor) =>
  app.db
    .selectFrom('messages')
    .select(['kind', 'params'])
    .where('user_id', '=', investor.id)
    .orderBy('id')
    .execute();

describe('enrolment', () => {
  it('answers a secret with its QR code, then ten recovery codes once confirmed with a code', async () => {
    const investor = await createInvestor(t);
    const started = await t.call('user/twoFactorEnroll', {}, investor.headers);
    expect(started.body.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Nivesh:/);
    expect(started.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = started.body.data.secret as string;
    const wrong = await t.call('user/twoFactorConfirm', { code: '000000' }, investor.headers);
    expect(wrong.body.code).toBe('TWO_FACTOR_CODE_WRONG');
    expect((await t.call('user/twoFactorStatus', {}, investor.headers)).body.data.enabled).toBe(false);

    const confirmed = await t.call('user/twoFactorConfirm', { code: codeFor(t, secret) }, investor.headers);
    const codes = confirmed.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await t.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', investor.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.code_hash);
    expect((await t.call('user/twoFactorStatus', {}, investor.headers)).body.data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await t.call('user/twoFactorEnroll', {}, investor.headers)).body.code).toBe(
      'TWO_FACTOR_ALREADY_ENABLED',
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(investor.id))
      .where('action', 'like', 'user.two_factor.%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'user.two_factor.enrolment_started',
      'user.two_factor.enabled',
    ]);
  });

  it('refuses a confirmation before enrolment started', async () => {
    const investor = await createInvestor(t);
    expect((await t.call('user/twoFactorConfirm', { code: '123456' }, investor.headers)).body.code).toBe(
      'TWO_FACTOR_ENROLMENT_NOT_STARTED',
    );
  });
});

describe('signing in', () => {
  it('leaves the documented login as it was for an investor without a second factor', async () => {
    const investor = await createInvestor(t);
    const reply = await login(t, investor);
    expect(Object.keys(reply.body.data).sort()).toEqual(['account', 'token']);
  });

  it('asks for the second factor at every sign-in, and a code works once', async () => {
    const investor = await createInvestor(t);
    const { secret } = await enrol(t, investor);
    t.clock.advance(30_000);
    const first = await login(t, investor);
    expect(first.body.status).toBe(1);
    expect(first.body.data).toMatchObject({ twoFactorRequired: true, account: investor.phone });
    expect(first.body.data.token).toBeUndefined();
    const challengeToken = first.body.data.challengeToken as string;

    const wrong = await t.call('user/loginVerify', { challengeToken, code: '000000' });
    expect(wrong.body.code).toBe('TWO_FACTOR_CODE_WRONG');
    const code = codeFor(t, secret);
    const signedIn = await t.call('user/loginVerify', { challengeToken, code });
    expect(signedIn.body.status, JSON.stringify(signedIn.body)).toBe(1);
    const headers = { token: signedIn.body.data.token as string, account: investor.phone };
    expect((await t.call('user/getUserinfo', {}, headers)).http).toBe(200);
    // The challenge is spent, and the same code cannot open another sign-in.
    expect((await t.call('user/loginVerify', { challengeToken, code })).body.code).toBe(
      'LOGIN_CHALLENGE_EXPIRED',
    );
    const second = await login(t, investor);
    const replayed = await t.call('user/loginVerify', {
      challengeToken: second.body.data.challengeToken,
      code,
    });
    expect(replayed.body.code).toBe('TWO_FACTOR_CODE_WRONG');
  });

  it('takes a recovery code once instead', async () => {
    const investor = await createInvestor(t);
    const { recoveryCodes } = await enrol(t, investor);
    const code = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    const challenge = (await login(t, investor)).body.data.challengeToken as string;
    const signedIn = await t.call('user/loginVerify', { challengeToken: challenge, code });
    expect(signedIn.body.status, JSON.stringify(signedIn.body)).toBe(1);
    const again = (await login(t, investor)).body.data.challengeToken as string;
    expect(
      (await t.call('user/loginVerify', { challengeToken: again, code: recoveryCodes[3] })).body.code,
    ).toBe('TWO_FACTOR_CODE_WRONG');
    const headers = { token: signedIn.body.data.token as string, account: investor.phone };
    expect((await t.call('user/twoFactorStatus', {}, headers)).body.data.recoveryCodesLeft).toBe(9);
  });

  it('lets a challenge expire after five minutes or five wrong codes', async () => {
    const investor = await createInvestor(t);
    const { secret } = await enrol(t, investor);
    const late = (await login(t, investor)).body.data.challengeToken as string;
    t.clock.advance(5 * 60_000);
    expect(
      (await t.call('user/loginVerify', { challengeToken: late, code: codeFor(t, secret) })).body.code,
    ).toBe('LOGIN_CHALLENGE_EXPIRED');
    const guessed = (await login(t, investor)).body.data.challengeToken as string;
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await t.call('user/loginVerify', { challengeToken: guessed, code: '000000' });
      expect(reply.body.code).toBe('TWO_FACTOR_CODE_WRONG');
    }
    t.clock.advance(30_000);
    expect(
      (await t.call('user/loginVerify', { challengeToken: guessed, code: codeFor(t, secret) })).body.code,
    ).toBe('LOGIN_CHALLENGE_EXPIRED');
  });

  it('tells the investor of a sign-in from a new device, once per device', async () => {
    const investor = await createInvestor(t);
    const before = (await messagesOf(t, investor)).filter((row) => row.kind === 'NEW_DEVICE_SIGN_IN');
    expect(before).toEqual([]);
    expect((await login(t, investor, { deviceId: 'tablet-0001' })).body.status).toBe(1);
    expect((await login(t, investor, { deviceId: 'tablet-0001' })).body.status).toBe(1);
    const after = (await messagesOf(t, investor)).filter((row) => row.kind === 'NEW_DEVICE_SIGN_IN');
    expect(after).toHaveLength(1);
    expect(after[0]!.params).toMatchObject({ ip: expect.any(String), device: expect.any(String) });
  });

  it('turns off only with a current code', async () => {
    const investor = await createInvestor(t);
    const { secret } = await enrol(t, investor);
    t.clock.advance(30_000);
    expect((await t.call('user/twoFactorDisable', { code: '000000' }, investor.headers)).body.code).toBe(
      'TWO_FACTOR_CODE_WRONG',
    );
    const off = await t.call('user/twoFactorDisable', { code: codeFor(t, secret) }, investor.headers);
    expect(off.body.status, JSON.stringify(off.body)).toBe(1);
    expect((await login(t, investor)).body.data.token).toEqual(expect.any(String));
  });
});

describe('a reset by staff', () => {
  it('needs a second staff member, ends sessions, tells the investor and pauses withdrawals for the cooling-off', async () => {
    const support = await createStaff(t, ['support']);
    const compliance = await createStaff(t, ['compliance']);
    const content = await createStaff(t, ['content']);
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    await enrol(t, investor);
    const userId = String(investor.id);

    const requested = await t.call(
      '/api/console/users/requestTwoFactorReset',
      { userId, reason: 'lost phone; identity checked on a video call' },
      support.headers,
    );
    expect(requested.body.status, JSON.stringify(requested.body)).toBe(1);
    const requestId = requested.body.data.id as string;
    expect(
      (
        await t.call(
          '/api/console/users/requestTwoFactorReset',
          { userId, reason: 'asked twice' },
          compliance.headers,
        )
      ).body.code,
    ).toBe('TWO_FACTOR_RESET_PENDING');
    const view = await t.call('/api/console/users/twoFactor', { userId }, compliance.headers);
    expect(view.body.data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      pendingReset: { id: requestId, requestedBy: support.username },
    });
    // The one who asked cannot confirm; a role outside support, compliance and admin cannot either.
    const own = await t.call(
      '/api/console/users/confirmTwoFactorReset',
      { requestId, reason: 'confirming myself' },
      support.headers,
    );
    expect(own.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const forbidden = await t.call(
      '/api/console/users/confirmTwoFactorReset',
      { requestId, reason: 'not my job' },
      content.headers,
    );
    expect(forbidden.http).toBe(403);
    expect((await t.call('user/getUserinfo', {}, investor.headers)).http).toBe(200);

    const confirmed = await t.call(
      '/api/console/users/confirmTwoFactorReset',
      { requestId, reason: 'checked the call recording' },
      compliance.headers,
    );
    expect(confirmed.body.status, JSON.stringify(confirmed.body)).toBe(1);
    expect(confirmed.body.data.withdrawalsPausedUntil).toBe(t.clock.now() + 24 * 3_600_000);
    expect((await t.call('user/getUserinfo', {}, investor.headers)).http).toBe(401);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'reason'])
      .where('target_id', '=', userId)
      .where('action', 'like', 'user.two_factor.reset%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'user.two_factor.reset_requested',
        actor_id: String(support.id),
        reason: 'lost phone; identity checked on a video call',
      },
      {
        action: 'user.two_factor.reset',
        actor_id: String(compliance.id),
        reason: 'checked the call recording',
      },
    ]);
    expect((await messagesOf(t, investor)).map((row) => row.kind)).toContain('TWO_FACTOR_RESET');

    // The password alone signs in again; withdrawals wait for the cooling-off hours.
    const session = await login(t, investor);
    expect(session.body.data.token).toEqual(expect.any(String));
    const headers = { token: session.body.data.token as string, account: investor.phone };
    const withdraw = () =>
      t.call(
        'cashout/submit',
        { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
        headers,
      );
    const paused = await withdraw();
    expect([paused.body.code, paused.body.params]).toEqual(['WITHDRAWAL_PAUSED_AFTER_RESET', { hours: 24 }]);
    // Past the 24 hours (two days on: Tuesday 24 November 2026 is an NSE holiday, outside the window).
    t.clock.advance(48 * 3_600_000);
    const fresh = await login(t, investor);
    const later = await t.call(
      'cashout/submit',
      { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
      { token: fresh.body.data.token as string, account: investor.phone },
    );
    expect(later.body.status, JSON.stringify(later.body)).toBe(1);
  });
});

describe('where the platform requires a second factor', async () => {
  const strict = await startTestApp({ investorTwoFactorRequired: true });

  it('lets a session reach only enrolment until the investor enrols, and never turns it off', async () => {
    const investor = await createInvestor(strict);
    const blocked = await strict.call('favorite/lists', {}, investor.headers);
    expect([blocked.http, blocked.body.code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    expect((await strict.call('user/twoFactorStatus', {}, investor.headers)).body.data.required).toBe(true);
    const { secret } = await enrol(strict, investor);
    expect((await strict.call('favorite/lists', {}, investor.headers)).http).toBe(200);
    strict.clock.advance(30_000);
    const off = await strict.call(
      'user/twoFactorDisable',
      { code: codeFor(strict, secret) },
      investor.headers,
    );
    expect(off.body.code).toBe('TWO_FACTOR_REQUIRED_BY_PLATFORM');
  });
});
