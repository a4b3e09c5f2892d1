import { errorMessage } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await t.db
  .insertInto('invitation_codes')
  .values({ code: 'WELCOME1', owner_user_id: null, note: 'test' })
  .execute();

let phoneCounter = 9_100_000_000;
const nextPhone = () => String(phoneCounter++);
const registration = (phone: string, overrides: Record<string, unknown> = {}) => ({
  account: phone,
  password: 'Secret123',
  confirmPassword: 'Secret123',
  inviteCode: 'WELCOME1',
  agree: true,
  ...overrides,
});
const auditCount = async (action: string) =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );
const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function registered(phone = nextPhone()) {
  const reply = await t.call('user/register', registration(phone));
  expect(reply.body.status).toBe(1);
  return {
    phone,
    token: reply.body.data.token as string,
    headers: { token: reply.body.data.token, account: phone },
  };
}

describe('registration', () => {
  it('creates an investor with an invitation code of their own and a session', async () => {
    const phone = nextPhone();
    const reply = await t.call('user/register', registration(phone));
    expect(reply.http).toBe(200);
    expect(reply.body).toMatchObject({ status: 1, msg: 'Registered', data: { account: phone } });
    expect(reply.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.call('user/getUserinfo', {}, { token: reply.body.data.token, account: phone });
    expect(info.body.data.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(info.body.data.realNameStatus).toBe('unverified');
    expect(await auditCount('user.register')).toBeGreaterThan(0);
  });

  it('records the inviter as referrer when a user code is used', async () => {
    const inviter = await registered();
    const info = await t.call('user/getUserinfo', {}, inviter.headers);
    const invitee = nextPhone();
    const reply = await t.call(
      'user/register',
      registration(invitee, { inviteCode: info.body.data.inviteCode.toLowerCase() }),
    );
    expect(reply.body.status).toBe(1);
    const row = await t.db
      .selectFrom('users')
      .select('referrer_id')
      .where('phone', '=', invitee)
      .executeTakeFirstOrThrow();
    expect(String(row.referrer_id)).toBe(info.body.data.id);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown invitation code', { inviteCode: 'NOPE1234' }, 'INVITER_NOT_FOUND'],
    ['passwords that differ', { confirmPassword: 'Secret124' }, 'PASSWORDS_DO_NOT_MATCH'],
    ['the agreement not accepted', { agree: false }, 'AGREEMENT_REQUIRED'],
    ['a weak password', { password: 'short', confirmPassword: 'short' }, 'PASSWORD_TOO_WEAK'],
    ['a phone that is not a mobile number', { account: '12345' }, 'PHONE_INVALID'],
  ];
  for (const [what, overrides, code] of refusals) {
    it(`refuses ${what} with ${code} in en, hi and zh and writes nothing`, async () => {
      const before = await userCount();
      for (const lang of ['en', 'hi', 'zh'] as const) {
        const reply = await t.call('user/register', registration(nextPhone(), overrides), {
          lang: lang === 'hi' ? 'yd' : lang,
        });
        expect(reply.http).toBe(200);
        expect(reply.body.status).toBe(0);
        expect(reply.body.code).toBe(code);
        expect(reply.body.msg).toBe(errorMessage(code as never, lang, reply.body.params as never));
      }
      expect(await userCount()).toBe(before);
    });
  }

  it('refuses an existing phone with ACCOUNT_EXISTS', async () => {
    const { phone } = await registered();
    const reply = await t.call('user/register', registration(phone), { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(reply.body).toMatchObject({ status: 0, code: 'ACCOUNT_EXISTS', msg: 'खाता पहले से मौजूद है' });
  });

  it('answers 400 naming a missing, extra or wrongly typed field', async () => {
    const missing = await t.call('user/register', {
      account: nextPhone(),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      agree: true,
    });
    expect(missing.http).toBe(400);
    expect(missing.body).toMatchObject({
      status: 0,
      code: 'VALIDATION_FAILED',
      params: { field: 'inviteCode', reason: 'required' },
    });
    const extra = await t.call('user/register', registration(nextPhone(), { admin: true }));
    expect(extra.http).toBe(400);
    expect(extra.body.params).toMatchObject({ field: 'admin', reason: 'unknown field' });
    const wrongType = await t.call('user/register', registration(nextPhone(), { agree: 'yes' }));
    expect(wrongType.http).toBe(400);
    expect(wrongType.body.params?.field).toBe('agree');
    const empty = await t.call('user/register', registration(nextPhone(), { inviteCode: '' }));
    expect(empty.http).toBe(400);
    expect(empty.body.params?.field).toBe('inviteCode');
  });
});

describe('login and sessions', () => {
  it('logs in, and the token with its account opens getUserinfo', async () => {
    const { phone } = await registered();
    const reply = await t.call('user/login', { account: phone, password: 'Secret123' });
    expect(reply.body).toMatchObject({ status: 1, data: { account: phone } });
    const info = await t.call('user/getUserinfo', {}, { token: reply.body.data.token, account: phone });
    expect(info.body.status).toBe(1);
  });

  it('answers a wrong password and an unknown phone alike and audits both', async () => {
    const { phone } = await registered();
    const failuresBefore = await auditCount('user.login.failed');
    const wrong = await t.call('user/login', { account: phone, password: 'Wrong1234' }, { lang: 'zh' });
    const unknown = await t.call(
      'user/login',
      { account: '6000000001', password: 'Wrong1234' },
      { lang: 'zh' },
    );
    expect(wrong.body).toMatchObject({ status: 0, code: 'ACCOUNT_OR_PASSWORD_WRONG', msg: '账号或密码错误' });
    expect(unknown.body).toMatchObject({ status: 0, code: 'ACCOUNT_OR_PASSWORD_WRONG' });
    expect(await auditCount('user.login.failed')).toBe(failuresBefore + 2);
  });

  it('answers 401 without a token, with a wrong one, with a mismatched account, after logout and after expiry', async () => {
    const { phone, headers } = await registered();
    expect((await t.call('user/getUserinfo')).http).toBe(401);
    expect((await t.call('user/getUserinfo', {}, { token: 'x'.repeat(43), account: phone })).http).toBe(401);
    expect((await t.call('user/getUserinfo', {}, { ...headers, account: '9999999999' })).http).toBe(401);
    const unauthorized = await t.call('user/getUserinfo', {}, { lang: 'hi' });
    expect(unauthorized.body).toMatchObject({ status: 0, code: 'UNAUTHORIZED', msg: 'कृपया फिर से लॉग इन करें' });

    const logout = await t.call('user/logout', {}, headers);
    expect(logout.body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, headers)).http).toBe(401);
    expect(await auditCount('user.logout')).toBeGreaterThan(0);

    const second = await t.call('user/login', { account: phone, password: 'Secret123' });
    const live = { token: second.body.data.token, account: phone };
    t.clock.advance(t.config.sessionIdleMinutes * 60_000 + 1);
    expect((await t.call('user/getUserinfo', {}, live)).http).toBe(401);
  });

  it('refuses a disabled or login-banned account with its flag code after the password', async () => {
    const { phone } = await registered();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_flags')
      .values({ user_id: user.id, flag: 'login_banned', reason: 'test', set_by: 'test' })
      .execute();
    const banned = await t.call('user/login', { account: phone, password: 'Secret123' });
    expect(banned.body).toMatchObject({ status: 0, code: 'LOGIN_BANNED' });
    const wrongPassword = await t.call('user/login', { account: phone, password: 'Wrong1234' });
    expect(wrongPassword.body.code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    await t.db
      .insertInto('user_flags')
      .values({ user_id: user.id, flag: 'disabled', reason: 'test', set_by: 'test' })
      .execute();
    const disabled = await t.call('user/login', { account: phone, password: 'Secret123' }, { lang: 'zh' });
    expect(disabled.body).toMatchObject({
      status: 0,
      code: 'ACCOUNT_DISABLED',
      msg: '该账户已被禁用，请联系客服',
    });
    expect(await auditCount('user.login.refused')).toBeGreaterThanOrEqual(2);
  });
});

describe('passwords', () => {
  it('changes the login password and signs out every other session', async () => {
    const { phone, headers } = await registered();
    const other = await t.call('user/login', { account: phone, password: 'Secret123' });
    const otherHeaders = { token: other.body.data.token, account: phone };
    const wrong = await t.call(
      'user/changePassword',
      { oldPassword: 'Nope12345', newPassword: 'Better123', confirmPassword: 'Better123' },
      headers,
    );
    expect(wrong.body.code).toBe('ORIGINAL_PASSWORD_WRONG');
    const mismatch = await t.call(
      'user/changePassword',
      { oldPassword: 'Secret123', newPassword: 'Better123', confirmPassword: 'Better124' },
      headers,
    );
    expect(mismatch.body.code).toBe('PASSWORDS_DO_NOT_MATCH');
    const changed = await t.call(
      'user/changePassword',
      { oldPassword: 'Secret123', newPassword: 'Better123', confirmPassword: 'Better123' },
      headers,
    );
    expect(changed.body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, headers)).body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, otherHeaders)).http).toBe(401);
    expect((await t.call('user/login', { account: phone, password: 'Secret123' })).body.code).toBe(
      'ACCOUNT_OR_PASSWORD_WRONG',
    );
    expect((await t.call('user/login', { account: phone, password: 'Better123' })).body.status).toBe(1);
    expect(await auditCount('user.password.change')).toBeGreaterThan(0);
  });

  it('sets a fund password with the login password, changes it with the old one, and locks after 5 wrong ones', async () => {
    const { phone, headers } = await registered();
    const needsLogin = await t.call(
      'user/setFundPassword',
      { loginPassword: 'Wrong1234', newPassword: '246810', confirmPassword: '246810' },
      headers,
    );
    expect(needsLogin.body.code).toBe('ORIGINAL_PASSWORD_WRONG');
    const set = await t.call(
      'user/setFundPassword',
      { loginPassword: 'Secret123', newPassword: '246810', confirmPassword: '246810' },
      headers,
    );
    expect(set.body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, headers)).body.data.hasFundPassword).toBe(true);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await t.call(
        'user/setFundPassword',
        { oldFundPassword: '000000', newPassword: '135790', confirmPassword: '135790' },
        headers,
      );
      expect(wrong.body).toMatchObject({
        code: 'FUND_PASSWORD_WRONG',
        params: { attemptsLeft: 5 - attempt },
      });
    }
    const locked = await t.call(
      'user/setFundPassword',
      { oldFundPassword: '000000', newPassword: '135790', confirmPassword: '135790' },
      headers,
    );
    expect(locked.body).toMatchObject({ code: 'FUND_PASSWORD_LOCKED', params: { minutes: 15 } });
    const stillLocked = await t.call(
      'user/setFundPassword',
      { oldFundPassword: '246810', newPassword: '135790', confirmPassword: '135790' },
      headers,
    );
    expect(stillLocked.body.code).toBe('FUND_PASSWORD_LOCKED');
    t.clock.advance(15 * 60_000 + 1);
    const fresh = await t.call('user/login', { account: phone, password: 'Secret123' });
    const freshHeaders = { token: fresh.body.data.token, account: phone };
    const changed = await t.call(
      'user/setFundPassword',
      { oldFundPassword: '246810', newPassword: '135790', confirmPassword: '135790' },
      freshHeaders,
    );
    expect(changed.body.status).toBe(1);
    expect(await auditCount('user.fund_password.locked')).toBeGreaterThan(0);
  });

  it('resets a forgotten login password with the fund password and signs out everywhere', async () => {
    const { phone, headers } = await registered();
    await t.call(
      'user/setFundPassword',
      { loginPassword: 'Secret123', newPassword: '246810', confirmPassword: '246810' },
      headers,
    );
    const noProof = await t.call('user/resetPassword', {
      account: phone,
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(noProof.body.code).toBe('FORM_INCOMPLETE');
    const wrong = await t.call('user/resetPassword', {
      account: phone,
      fundPassword: '111111',
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(wrong.body.code).toBe('FUND_PASSWORD_WRONG');
    const unknown = await t.call('user/resetPassword', {
      account: '6000000002',
      fundPassword: '246810',
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(unknown.body.code).toBe('ACCOUNT_NOT_FOUND');
    const reset = await t.call('user/resetPassword', {
      account: phone,
      fundPassword: '246810',
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(reset.body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, headers)).http).toBe(401);
    expect((await t.call('user/login', { account: phone, password: 'Reset1234' })).body.status).toBe(1);
  });

  it('refuses a fund-password reset for an investor who never set one', async () => {
    const { phone } = await registered();
    const reply = await t.call('user/resetPassword', {
      account: phone,
      fundPassword: '246810',
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(reply.body.code).toBe('FUND_PASSWORD_NOT_SET');
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await registered();
    await expect(t.db.updateTable('audit_log').set({ action: 'tampered' }).execute()).rejects.toMatchObject({
      code: '42501',
    });
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toMatchObject({ code: '42501' });
    const { sql } = await import('kysely');
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toMatchObject({ code: '42501' });
  });
});
