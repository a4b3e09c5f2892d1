import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

/** Staff administration in the console (docs/adr/0029-staff-administration-and-customer-view.md). */
const t = await startTestApp();
const admin = await createStaff(t, ['admin']);

const auditRows = (action: string, targetId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();

async function signInFirstTime(username: string, password: string) {
  const first = await t.call('/api/console/staff/login', { username, password });
  expect(first.body.data?.kind, JSON.stringify(first.body)).toBe('enrollment');
  const enrolled = await t.call('/api/console/staff/enrollTotp', {
    enrollmentToken: first.body.data.enrollmentToken,
    totpCode: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(first.body.data.secret) }).generate({
      timestamp: t.clock.now(),
    }),
  });
  expect(enrolled.body.status, JSON.stringify(enrolled.body)).toBe(1);
  return { 'x-staff-token': enrolled.body.data.token as string };
}

describe('staff/create', () => {
  it('creates a member with a password the server makes, shown once, audited without it', async () => {
    const reply = await t.call(
      '/api/console/staff/create',
      { username: 'kavya.rao', displayName: 'Kavya Rao', roles: ['support'], reason: 'joins the help desk' },
      admin.headers,
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const { member, initialPassword } = reply.body.data;
    expect(member).toMatchObject({
      username: 'kavya.rao',
      displayName: 'Kavya Rao',
      roles: ['support'],
      active: true,
      totpEnrolled: false,
      createdBy: admin.username,
      isSelf: false,
    });
    expect(initialPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const [audit] = await auditRows('staff.create', member.id);
    expect(audit?.actor_id).toBe(String(admin.id));
    expect(audit?.reason).toBe('joins the help desk');
    expect(JSON.stringify(audit?.after)).not.toContain(initialPassword);
    expect(JSON.stringify(audit?.after)).toContain('support');
    // The new member signs in with it and enrols a second factor, as everyone does.
    const headers = await signInFirstTime('kavya.rao', initialPassword);
    const me = await t.call('/api/console/staff/me', {}, headers);
    expect(me.body.data.roles).toEqual(['support']);
  });

  it("takes the admin's password when given one, and refuses a weak one or a taken username", async () => {
    const given = await t.call(
      '/api/console/staff/create',
      {
        username: 'arjun',
        displayName: 'Arjun',
        roles: ['finance', 'compliance'],
        initialPassword: 'Ledger2026x',
        reason: 'new finance hire',
      },
      admin.headers,
    );
    expect(given.body.data.initialPassword).toBeNull();
    await signInFirstTime('arjun', 'Ledger2026x');

    const weak = await t.call(
      '/api/console/staff/create',
      {
        username: 'weakling',
        displayName: 'W',
        roles: ['content'],
        initialPassword: 'short1',
        reason: 'x y z',
      },
      admin.headers,
    );
    expect([weak.body.code, weak.body.params]).toEqual(['PASSWORD_TOO_WEAK', { minLength: 10 }]);
    const taken = await t.call(
      '/api/console/staff/create',
      { username: 'arjun', displayName: 'Other', roles: ['content'], reason: 'a second arjun' },
      admin.headers,
    );
    expect([taken.body.code, taken.body.msg]).toEqual([
      'STAFF_USERNAME_TAKEN',
      'The staff username arjun is already taken',
    ]);
    const noRole = await t.call(
      '/api/console/staff/create',
      { username: 'nobody', displayName: 'N', roles: [], reason: 'no role at all' },
      admin.headers,
    );
    expect([noRole.http, noRole.body.params?.field]).toEqual([400, 'roles']);
    const badRole = await t.call(
      '/api/console/staff/create',
      { username: 'nobody', displayName: 'N', roles: ['root'], reason: 'made-up role' },
      admin.headers,
    );
    expect(badRole.http).toBe(400);
    expect(
      await t.db
        .selectFrom('staff_users')
        .select('id')
        .where('username', 'in', ['weakling', 'nobody'])
        .execute(),
    ).toEqual([]);
  });
});

describe('staff/setRoles and staff/setActive', () => {
  it('changes roles with before and after, effective at the next call', async () => {
    const member = await createStaff(t, ['support']);
    expect((await t.call('/api/console/approvals/list', {}, member.headers)).http).toBe(403);
    const reply = await t.call(
      '/api/console/staff/setRoles',
      { staffId: String(member.id), roles: ['finance'], reason: 'moved to the finance desk' },
      admin.headers,
    );
    expect(reply.body.data.roles).toEqual(['finance']);
    expect((await t.call('/api/console/approvals/list', {}, member.headers)).body.status).toBe(1);
    const [audit] = await auditRows('staff.roles', String(member.id));
    expect([audit?.before, audit?.after, audit?.reason]).toEqual([
      { username: member.username, roles: ['support'] },
      { username: member.username, roles: ['finance'] },
      'moved to the finance desk',
    ]);
    const same = await t.call(
      '/api/console/staff/setRoles',
      { staffId: String(member.id), roles: ['finance'], reason: 'again' },
      admin.headers,
    );
    expect(same.body.code).toBe('NOTHING_TO_CHANGE');
  });

  it('disables a member (sessions end, sign-in refused) and enables them again', async () => {
    const member = await createStaff(t, ['content']);
    const off = await t.call(
      '/api/console/staff/setActive',
      { staffId: String(member.id), active: false, reason: 'left the company' },
      admin.headers,
    );
    expect(off.body.data).toMatchObject({ sessionsRevoked: 1, member: { active: false } });
    expect(off.body.data.member.disabledAt).toBe(t.clock.now());
    expect((await t.call('/api/console/staff/me', {}, member.headers)).http).toBe(401);
    const login = await t.call('/api/console/staff/login', {
      username: member.username,
      password: 'Staff@12345',
    });
    expect(login.body.code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    const on = await t.call(
      '/api/console/staff/setActive',
      { staffId: String(member.id), active: true, reason: 'rehired' },
      admin.headers,
    );
    expect(on.body.data.member).toMatchObject({ active: true, disabledAt: null });
    const relogin = await t.call('/api/console/staff/login', {
      username: member.username,
      password: 'Staff@12345',
      totpCode: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(member.secret) }).generate({
        timestamp: t.clock.now(),
      }),
    });
    expect(relogin.body.data?.kind).toBe('session');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_id', '=', String(member.id))
      .where('action', 'in', ['staff.disable', 'staff.enable'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.action, (row.before as { active: boolean }).active])).toEqual([
      ['staff.disable', true],
      ['staff.enable', false],
    ]);
  });

  it("refuses an admin's acts on their own account and unknown members", async () => {
    for (const [path, body] of [
      ['staff/setRoles', { staffId: String(admin.id), roles: ['support'], reason: 'demote myself' }],
      ['staff/setActive', { staffId: String(admin.id), active: false, reason: 'leaving' }],
    ] as const) {
      const reply = await t.call(`/api/console/${path}`, body, admin.headers);
      expect([reply.body.code, reply.body.msg]).toEqual([
        'STAFF_SELF_ACTION',
        'You cannot do this to your own staff account: ask another admin',
      ]);
    }
    const unknown = await t.call(
      '/api/console/staff/setRoles',
      { staffId: '999999', roles: ['support'], reason: 'who is this' },
      admin.headers,
    );
    expect(unknown.body.code).toBe('STAFF_NOT_FOUND');
    expect((await t.call('/api/console/staff/me', {}, admin.headers)).body.data.roles).toEqual(['admin']);
  });

  it('admits admins only, and lists every member with the caller marked', async () => {
    const finance = await createStaff(t, ['finance', 'compliance', 'support', 'content']);
    for (const path of ['staff/list', 'staff/create', 'staff/setRoles', 'staff/setActive'])
      expect((await t.call(`/api/console/${path}`, {}, finance.headers)).http).toBe(403);
    const list = await t.call('/api/console/staff/list', {}, admin.headers);
    const self = list.body.data.items.find((item: { username: string }) => item.username === admin.username);
    expect(self).toMatchObject({ isSelf: true, totpEnrolled: true, active: true, roles: ['admin'] });
    expect(self.lastSignInAt).toBe(t.clock.now());
  });
});

describe('second-factor reset of a staff member', () => {
  it('is recorded with who reset it; the database refuses a reset of one’s own', async () => {
    const member = await createStaff(t, ['support']);
    const reply = await t.call(
      '/api/console/staff/resetTotp',
      { username: member.username, reason: 'new phone, checked in person' },
      admin.headers,
    );
    expect(reply.body.status).toBe(1);
    const resets = await t.db
      .selectFrom('staff_second_factor_resets')
      .select(['reset_by_staff_id', 'reason'])
      .where('staff_id', '=', member.id)
      .execute();
    expect(resets).toEqual([{ reset_by_staff_id: admin.id, reason: 'new phone, checked in person' }]);
    const own = t.db
      .insertInto('staff_second_factor_resets')
      .values({ staff_id: admin.id, reset_by_staff_id: admin.id, reason: 'mine', reset_at: new Date() })
      .execute();
    await expect(own).rejects.toMatchObject({ code: '23514' });
  });
});
