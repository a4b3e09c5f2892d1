import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createStaffUser } from '../src/use-cases/staff/staff-sign-in.js';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const admin = await createStaff(t, ['admin']);

const totpState = (username: string) =>
  t.db
    .selectFrom('staff_users')
    .select(['totp_secret', 'totp_enabled_at'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

describe('staff/resetTotp', () => {
  it("clears another staff member's TOTP, ends their sessions and is audited", async () => {
    const member = await createStaff(t, ['finance']);
    expect((await totpState(member.username)).totp_enabled_at).not.toBeNull();
    const reply = await t.call(
      '/api/console/staff/resetTotp',
      { username: member.username, reason: 'lost phone, identity checked by video call' },
      admin.headers,
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data).toEqual({ username: member.username, sessionsRevoked: 1 });
    expect(await totpState(member.username)).toEqual({ totp_secret: null, totp_enabled_at: null });
    // Their session is over; the password alone now leads to a new enrolment.
    expect((await t.call('/api/console/staff/me', {}, member.headers)).http).toBe(401);
    const again = await t.call('/api/console/staff/login', {
      username: member.username,
      password: 'Staff@12345',
    });
    expect(again.body.data.kind).toBe('enrollment');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.totp.reset')
      .where('target_id', '=', String(member.id))
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('staff');
    expect(audit.actor_id).toBe(String(admin.id));
    expect(audit.reason).toBe('lost phone, identity checked by video call');
  });

  it('refuses an admin their own reset, changing nothing', async () => {
    const reply = await t.call(
      '/api/console/staff/resetTotp',
      { username: admin.username, reason: 'my own phone is lost' },
      admin.headers,
    );
    expect(reply.body.code).toBe('OWN_SECOND_FACTOR_RESET');
    expect((await totpState(admin.username)).totp_enabled_at).not.toBeNull();
  });

  it('refuses staff who are not admins, audited as forbidden', async () => {
    const support = await createStaff(t, ['support', 'compliance', 'finance', 'content']);
    const member = await createStaff(t, ['content']);
    const reply = await t.call(
      '/api/console/staff/resetTotp',
      { username: member.username, reason: 'asked to by phone' },
      support.headers,
    );
    expect(reply.http).toBe(403);
    expect((await totpState(member.username)).totp_enabled_at).not.toBeNull();
    const forbidden = await t.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'console.forbidden')
      .where('actor_id', '=', String(support.id))
      .execute();
    expect(forbidden.map((row) => row.target_id)).toEqual(['staff/resetTotp']);
  });

  it('answers STAFF_NOT_FOUND for an unknown username and wants a reason', async () => {
    const unknown = await t.call(
      '/api/console/staff/resetTotp',
      { username: 'nobody-here', reason: 'lost phone' },
      admin.headers,
    );
    expect(unknown.body.code).toBe('STAFF_NOT_FOUND');
    const noReason = await t.call('/api/console/staff/resetTotp', { username: 'x' }, admin.headers);
    expect([noReason.http, noReason.body.params?.field]).toEqual([400, 'reason']);
  });
});

describe('npm run staff:reset-totp', () => {
  const run = promisify(execFile);
  const script = path.resolve(import.meta.dirname, '../src/cli/reset-staff-totp.ts');

  it('resets a TOTP on a stopped embedded database, audited as the system, and refuses while it is open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-reset-totp-'));
    try {
      const database = await connectDatabase({ dataDir });
      await migrateToLatest(database.db);
      const id = await createStaffUser(
        { db: database.db },
        { username: 'meera', displayName: 'Meera', password: 'Staff@12345', roles: ['admin'] },
      );
      await database.db
        .updateTable('staff_users')
        .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: new Date() })
        .where('id', '=', id)
        .execute();
      await database.close();

      const env = { ...process.env, NIVESH_DATA_DIR: dataDir, DATABASE_URL: '' };
      const args = ['--import', 'tsx', script, '--username', 'meera', '--reason', 'only admin lost phone'];
      const done = await run(process.execPath, args, { env });
      expect(done.stdout).toContain('Reset the TOTP of meera');

      const reopened = await connectDatabase({ dataDir });
      const row = await reopened.db
        .selectFrom('staff_users')
        .select(['totp_secret', 'totp_enabled_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
      const audit = await reopened.db
        .selectFrom('audit_log')
        .select(['actor_type', 'reason'])
        .where('action', '=', 'staff.totp.reset')
        .execute();
      expect(audit).toEqual([{ actor_type: 'system', reason: 'only admin lost phone' }]);
      await reopened.close();

      // A server holding the embedded database leaves its postmaster.pid behind: the tool stops.
      await writeFile(path.join(dataDir, 'postmaster.pid'), '1\n');
      const refused = await run(process.execPath, args, { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect((refused as { code: number }).code).toBe(1);
      expect((refused as { stderr: string }).stderr).toContain('is open in another process');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
