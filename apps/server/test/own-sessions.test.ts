import { describe, expect, it } from 'vitest';
import { createInvestor, logInAgain } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

describe('the security centre: signed-in devices', () => {
  it('lists the live sessions with the current one first and signs out another device', async () => {
    const phone = await createInvestor(t);
    const laptop = await logInAgain(t, phone);
    const listed = await t.call('user/sessions', {}, laptop.headers);
    expect(listed.body.data.items).toHaveLength(2);
    expect(listed.body.data.items[0].current).toBe(true);
    const other = listed.body.data.items[1];
    expect(other.current).toBe(false);

    const revoked = await t.call('user/revokeSession', { id: other.id }, laptop.headers);
    expect(revoked.body.data).toEqual({ revoked: true });
    // The phone's session no longer works; the laptop's still does.
    expect((await t.call('user/getUserinfo', {}, phone.headers)).http).toBe(401);
    expect((await t.call('user/sessions', {}, laptop.headers)).body.data.items).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'user.session.revoke')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses the current session, another investor’s and an already revoked one, changing nothing', async () => {
    const owner = await createInvestor(t);
    const stranger = await createInvestor(t);
    const mine = (await t.call('user/sessions', {}, owner.headers)).body.data.items[0].id;
    const current = await t.call('user/revokeSession', { id: mine }, owner.headers);
    expect(current.body).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'id' } });
    const foreign = await t.call('user/revokeSession', { id: mine }, stranger.headers);
    expect(foreign.body.code).toBe('REPEATED_OPERATION');
    expect((await t.call('user/getUserinfo', {}, owner.headers)).body.status).toBe(1);
    const malformed = await t.call('user/revokeSession', { id: 'abc' }, owner.headers);
    expect(malformed.http).toBe(400);
  });
});
