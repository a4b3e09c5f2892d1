import { describe, expect, it } from 'vitest';
import { readParameter, readParameters } from '../src/repositories/parameter.repository.js';
import { createStaff } from './console-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const admin = await createStaff(t, ['admin']);
const finance = await createStaff(t, ['finance']);

const parameterRows = () => t.db.selectFrom('parameters').selectAll().execute();
const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('parameters', () => {
  it('lists every parameter with its default while unset', async () => {
    const reply = await t.call('/api/console/parameters/list', {}, finance.headers);
    expect(reply.body.status).toBe(1);
    const byName = Object.fromEntries(
      reply.body.data.items.map((item: { name: string }) => [item.name, item]),
    );
    // The single fee and close tax gave way to the charge schedules (docs/adr/0020).
    expect(byName.trade_fee_bps).toBeUndefined();
    expect(byName.close_tax_bps).toBeUndefined();
    expect(byName.price_band_default_bps).toMatchObject({
      value: 1_000,
      defaultValue: 1_000,
      isDefault: true,
      unit: 'bps',
      updatedAt: null,
    });
    expect(byName.withdrawal_amount_max).toMatchObject({
      value: '500000.00',
      kind: 'money',
      editors: ['admin', 'finance'],
    });
    expect(byName.withdrawal_window).toMatchObject({ value: { start: '09:30', end: '24:00' } });
    expect(await readParameter(t.db, 'price_band_default_bps')).toBe(1_000);
  });

  it('changes a value at once, with the reason and before/after in the audit log', async () => {
    const reply = await t.call(
      '/api/console/parameters/update',
      { name: 'price_band_default_bps', value: 1_500, reason: 'wider bands from 1 December' },
      admin.headers,
    );
    expect(reply.body.data).toMatchObject({
      name: 'price_band_default_bps',
      value: 1_500,
      isDefault: false,
      updatedAt: t.clock.now(),
    });
    expect(await readParameter(t.db, 'price_band_default_bps')).toBe(1_500);
    const [audit] = await auditRows('parameter.update');
    expect(audit).toMatchObject({
      actor_id: admin.id,
      target_type: 'parameter',
      target_id: 'price_band_default_bps',
      before: { value: 1_000 },
      after: { value: 1_500 },
      reason: 'wider bands from 1 December',
    });
  });

  it('stores money in paise and reads it back typed', async () => {
    const reply = await t.call(
      '/api/console/parameters/update',
      { name: 'withdrawal_second_approver_above', value: '150000.50', reason: 'lower risk appetite' },
      finance.headers,
    );
    // A money parameter waits for a second staff member (ADR 0027).
    expect(reply.body.data.pendingChange.value).toBe('150000.50');
    const decided = await t.call(
      '/api/console/approvals/decide',
      { id: reply.body.data.pendingChange.requestId, approve: true, reason: 'agreed at the risk meeting' },
      admin.headers,
    );
    expect(decided.body.status, JSON.stringify(decided.body)).toBe(1);
    expect((await readParameters(t.db)).withdrawal_second_approver_above).toBe(15_000_050n);
  });

  const refusals = [
    ['a band above 100%', { name: 'price_band_default_bps', value: 10_001 }, 'PARAMETER_ABOVE_MAXIMUM'],
    ['a band of 0', { name: 'price_band_default_bps', value: 0 }, 'PARAMETER_BELOW_MINIMUM'],
    ['a negative limit', { name: 'deposit_amount_max', value: '-5.00' }, 'PARAMETER_BELOW_MINIMUM'],
    [
      'a window that ends before it starts',
      { name: 'withdrawal_window', value: { start: '18:00', end: '09:30' } },
      'PARAMETER_WINDOW_ORDER',
    ],
    [
      'a minimum above the maximum',
      { name: 'deposit_amount_min', value: '2000000.00' },
      'PARAMETER_RANGE_ORDER',
    ],
    [
      'a maximum below the minimum',
      { name: 'withdrawal_amount_max', value: '50.00' },
      'PARAMETER_RANGE_ORDER',
    ],
    ['a choice not offered', { name: 'ipo_money_mode', value: 'never_pay' }, 'PARAMETER_CHOICE_INVALID'],
    ['text for a number', { name: 'stop_out_loss_bps', value: '80%' }, 'PARAMETER_TYPE_INVALID'],
    ['an unknown name', { name: 'house_edge', value: 1 }, 'PARAMETER_UNKNOWN'],
  ] as const;
  for (const [what, body, code] of refusals) {
    it(`refuses ${what} with ${code} and changes nothing`, async () => {
      const before = await parameterRows();
      const auditBefore = (await auditRows('parameter.update')).length;
      const reply = await t.call(
        '/api/console/parameters/update',
        { ...body, reason: 'testing limits' },
        admin.headers,
      );
      expect(reply.http).toBe(200);
      expect(reply.body).toMatchObject({ status: 0, code });
      expect(reply.body.msg.length).toBeGreaterThan(10);
      expect(await parameterRows()).toEqual(before);
      expect(await auditRows('parameter.update')).toHaveLength(auditBefore);
    });
  }

  it('refuses finance a non-money parameter with 403, audited, nothing changed', async () => {
    const before = await parameterRows();
    const reply = await t.call(
      '/api/console/parameters/update',
      { name: 'stop_out_loss_bps', value: 5_000, reason: 'trying' },
      finance.headers,
    );
    expect(reply.http).toBe(403);
    expect(reply.body.code).toBe('FORBIDDEN');
    expect(await parameterRows()).toEqual(before);
    const forbidden = await t.db
      .selectFrom('audit_log')
      .select(['target_type', 'target_id'])
      .where('action', '=', 'console.forbidden')
      .where('actor_id', '=', finance.id)
      .execute();
    expect(forbidden).toContainEqual({ target_type: 'parameter', target_id: 'stop_out_loss_bps' });
  });

  it('falls back to the default when a stored value no longer fits', async () => {
    await t.db
      .insertInto('parameters')
      .values({ name: 'stop_out_loss_bps', value: JSON.stringify('eighty') })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: JSON.stringify('eighty') }))
      .execute();
    expect(await readParameter(t.db, 'stop_out_loss_bps')).toBe(8_000);
    await t.db.deleteFrom('parameters').where('name', '=', 'stop_out_loss_bps').execute();
  });
});

const content = await createStaff(t, ['content']);

describe('configuration', () => {
  it('lists the editable entries and the read-only feed', async () => {
    const reply = await t.call('/api/console/config/list', {}, content.headers);
    const names = reply.body.data.items.map(
      (item: { name: string; editable: boolean }) => `${item.name}:${item.editable}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'title:true',
        'logo:true',
        'kefu:true',
        'agreement_hi:true',
        'privacy_zh:true',
        'market_feed:false',
      ]),
    );
  });

  it('changes the title for the public config call, audited', async () => {
    const reply = await t.call(
      '/api/console/config/update',
      { name: 'title', value: 'Nivesh Securities', reason: 'rebrand' },
      content.headers,
    );
    expect(reply.body.data).toMatchObject({ name: 'title', value: 'Nivesh Securities' });
    const publicConfig = await t.call('common/config', {});
    expect(publicConfig.body.data).toContainEqual({ name: 'title', value: 'Nivesh Securities' });
    const [audit] = await auditRows('config.update');
    expect(audit).toMatchObject({
      target_id: 'title',
      before: { value: 'Nivesh' },
      after: { value: 'Nivesh Securities' },
    });
  });

  const refusals = [
    ['an unknown name', { name: 'market_feed', value: 'live' }, 'CONFIG_NAME_UNKNOWN'],
    ['an empty title', { name: 'title', value: '   ' }, 'CONFIG_VALUE_EMPTY'],
    ['a title too long', { name: 'title', value: 'N'.repeat(61) }, 'CONFIG_VALUE_TOO_LONG'],
    ['a script link for kefu', { name: 'kefu', value: 'javascript:alert(1)' }, 'CONFIG_URL_INVALID'],
    ['a plain http logo', { name: 'logo', value: 'http://example.com/logo.png' }, 'CONFIG_URL_INVALID'],
  ] as const;
  for (const [what, body, code] of refusals) {
    it(`refuses ${what} (${code}) and changes nothing`, async () => {
      const before = await t.db.selectFrom('config_entries').selectAll().orderBy('name').execute();
      const reply = await t.call('/api/console/config/update', { ...body, reason: 'testing' }, admin.headers);
      expect(reply.body).toMatchObject({ status: 0, code });
      expect(await t.db.selectFrom('config_entries').selectAll().orderBy('name').execute()).toEqual(before);
    });
  }

  it('lets support read but not edit', async () => {
    const support = await createStaff(t, ['support']);
    expect((await t.call('/api/console/config/list', {}, support.headers)).body.status).toBe(1);
    const edit = await t.call(
      '/api/console/config/update',
      { name: 'title', value: 'X', reason: 'nope' },
      support.headers,
    );
    expect(edit.http).toBe(403);
  });
});
