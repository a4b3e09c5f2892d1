import { CONSOLE_CALLS, STAFF_ROLES, type StaffRoleName } from '@nivesh/contract';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { mountedConsoleRoutes } from '../src/http/register-console-call.js';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await t.db
  .insertInto('invitation_codes')
  .values({ code: 'CONSOLE1', owner_user_id: null, note: 'test' })
  .execute();

const totpCode = (secret: string, atMs: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: atMs });

const staffWith = (roles: StaffRoleName[]) => createStaff(t, roles);

async function investor() {
  const phone = `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reply = await t.call('user/register', {
    account: phone,
    password: 'Invest123',
    confirmPassword: 'Invest123',
    inviteCode: 'CONSOLE1',
    agree: true,
  });
  const info = await t.call('user/getUserinfo', {}, { token: reply.body.data.token, account: phone });
  return {
    phone,
    userId: info.body.data.id as string,
    headers: { token: reply.body.data.token as string, account: phone },
  };
}

describe('staff sign-in', () => {
  it('requires TOTP enrolment on the first sign-in and a code afterwards', async () => {
    const staff = await staffWith(['support']);
    const withoutCode = await t.call('/api/console/staff/login', {
      username: staff.username,
      password: 'Staff@12345',
    });
    expect(withoutCode.body.code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    const withCode = await t.call('/api/console/staff/login', {
      username: staff.username,
      password: 'Staff@12345',
      totpCode: totpCode(staff.secret, t.clock.now()),
    });
    expect(withCode.body.data.kind).toBe('session');
    const me = await t.call(
      '/api/console/staff/me',
      {},
      { 'x-staff-token': withCode.body.data.session.token },
    );
    expect(me.body.data).toMatchObject({ username: staff.username, roles: ['support'] });
  });

  it('locks a staff account after five failures in a row', async () => {
    const staff = await staffWith(['content']);
    for (let attempt = 0; attempt < 5; attempt++) {
      await t.call('/api/console/staff/login', {
        username: staff.username,
        password: 'Wrong@12345',
        totpCode: '000000',
      });
    }
    const locked = await t.call('/api/console/staff/login', {
      username: staff.username,
      password: 'Staff@12345',
      totpCode: totpCode(staff.secret, t.clock.now()),
    });
    expect(locked.body.code).toBe('TOO_FREQUENT');
  });

  it('ends a staff session after 8 hours', async () => {
    const staff = await staffWith(['content']);
    t.clock.advance(8 * 3_600_000 + 1);
    expect((await t.call('/api/console/staff/me', {}, staff.headers)).http).toBe(401);
  });
});

describe('support resets a password with a one-time code', () => {
  it('issues a code that resets once, signs the investor out and is audited', async () => {
    const support = await staffWith(['support']);
    const user = await investor();
    const issued = await t.call(
      '/api/console/users/issueResetCode',
      { userId: user.userId, reason: 'caller verified by video KYC' },
      support.headers,
    );
    expect(issued.body.status).toBe(1);
    const code = issued.body.data.code as string;
    const wrong = await t.call('user/resetPassword', {
      account: user.phone,
      resetCode: 'WRONGCODE1',
      newPassword: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(wrong.body.code).toBe('RESET_CODE_INVALID');
    const reset = await t.call('user/resetPassword', {
      account: user.phone,
      resetCode: code.toLowerCase(),
      newPassword: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(reset.body.status).toBe(1);
    expect((await t.call('user/getUserinfo', {}, user.headers)).http).toBe(401);
    const again = await t.call('user/resetPassword', {
      account: user.phone,
      resetCode: code,
      newPassword: 'Other1234',
      confirmPassword: 'Other1234',
    });
    expect(again.body.code).toBe('RESET_CODE_INVALID');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_id', '=', user.userId)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.reset_code.issue', 'user.password.reset', 'user.password.reset.failed']),
    );
  });

  it('refuses an expired code', async () => {
    const support = await staffWith(['support']);
    const user = await investor();
    const issued = await t.call(
      '/api/console/users/issueResetCode',
      { userId: user.userId, reason: 'caller verified' },
      support.headers,
    );
    t.clock.advance(31 * 60_000);
    const reply = await t.call('user/resetPassword', {
      account: user.phone,
      resetCode: issued.body.data.code,
      newPassword: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(reply.body.code).toBe('RESET_CODE_INVALID');
  });
});

describe('flags', () => {
  it('banning login signs the investor out and refuses the next sign-in; clearing it lets them back', async () => {
    const compliance = await staffWith(['compliance']);
    const user = await investor();
    const set = await t.call(
      '/api/console/users/setFlag',
      { userId: user.userId, flag: 'login_banned', set: true, reason: 'suspected account takeover' },
      compliance.headers,
    );
    expect(set.body.data.flags).toEqual(['login_banned']);
    expect((await t.call('user/getUserinfo', {}, user.headers)).http).toBe(401);
    expect((await t.call('user/login', { account: user.phone, password: 'Invest123' })).body.code).toBe(
      'LOGIN_BANNED',
    );
    await t.call(
      '/api/console/users/setFlag',
      { userId: user.userId, flag: 'login_banned', set: false, reason: 'owner verified' },
      compliance.headers,
    );
    expect((await t.call('user/login', { account: user.phone, password: 'Invest123' })).body.status).toBe(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'before', 'after'])
      .where('target_id', '=', user.userId)
      .where('action', 'like', 'user.flag.%')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: 'user.flag.set', reason: 'suspected account takeover' });
  });
});

describe('authorization matrix', () => {
  it('covers every mounted console route, and answers each role, an investor token and none as declared', async () => {
    // Every console call of the contract is mounted, and nothing else, each admitting exactly the
    // roles its definition names.
    const declared = new Map(CONSOLE_CALLS.map((call) => [call.path, call.roles]));
    expect([...mountedConsoleRoutes.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [path, roles] of mountedConsoleRoutes) expect(roles, path).toEqual(declared.get(path));
    const mounted = [...mountedConsoleRoutes.entries()]
      .filter(([, roles]) => roles !== 'public')
      .map(([path]) => path);
    const staffByRole = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await staffWith([role])] as const)),
    );
    const user = await investor();
    for (const path of mounted) {
      const admitted = declared.get(path)!;
      // An empty body: an admitted role gets past authorization to validation (400) or a refusal, never 401/403.
      for (const role of STAFF_ROLES) {
        const reply = await t.call(`/api/console/${path}`, { probe: true }, staffByRole[role]!.headers);
        if (admitted.includes(role)) expect([400, 200], `${role} on ${path}`).toContain(reply.http);
        else expect(reply.http, `${role} on ${path}`).toBe(403);
      }
      expect((await t.call(`/api/console/${path}`, {}, user.headers)).http).toBe(401);
      expect((await t.call(`/api/console/${path}`, {})).http).toBe(401);
    }
    const forbidden = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'console.forbidden')
      .execute();
    expect(forbidden.length).toBeGreaterThan(0);
  });
});
