import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fundsSettingsIntoRegistry } from '../src/db/migrations/0021-funds-settings-into-registry.js';
import { readFundsSettings } from '../src/repositories/funds-settings.repository.js';
import { consoleCall, createStaff, investorWithBank, setParameters } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const finance = await createStaff(t, ['finance']);

describe('the funds rules', () => {
  it('are the registry parameters: a change on the Parameters page is in force at once', async () => {
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    await setParameters(t, finance, { withdrawal_amount_min: '200.00' });
    try {
      const reply = await t.call(
        'cashout/submit',
        { amount: '150.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
        investor.headers,
      );
      expect(reply.body).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', params: { min: '200.00' } });
      const view = await consoleCall(t, finance, 'funds/settings');
      expect(view.body.data).toMatchObject({ withdrawalMin: '200.00', withdrawalMax: '500000.00' });
    } finally {
      await setParameters(t, finance, { withdrawal_amount_min: '100.00' });
    }
  });

  it('keep the extra bank codes as reference data, replaced with a reason and audited', async () => {
    const reply = await consoleCall(t, finance, 'funds/setBankCodes', {
      extraBankCodes: { NIVX: 'Nivesh Test Bank' },
      reason: 'a new small finance bank',
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    expect(reply.body.data.extraBankCodes).toEqual({ NIVX: 'Nivesh Test Bank' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'funds.bank_codes.set')
      .execute();
    expect(audit).toEqual([{ action: 'funds.bank_codes.set', reason: 'a new small finance bank' }]);
    const removed = await consoleCall(t, finance, 'funds/updateSettings', {
      cryptoEnabled: true,
      reason: 'x',
    });
    expect(removed.http).toBe(404);
  });

  it('set through the older funds call move into the registry (migration 0021), those rows winning', async () => {
    const at = new Date(t.clock.now());
    await t.db
      .insertInto('parameters')
      .values([
        { name: 'funds.withdrawalMinPaise', value: JSON.stringify('25000'), updated_at: at },
        { name: 'funds.withdrawalWindowTo', value: JSON.stringify('22:00'), updated_at: at },
        { name: 'funds.cryptoEnabled', value: JSON.stringify(true), updated_at: at },
        { name: 'funds.coolingOffHours', value: JSON.stringify(6), updated_at: at },
      ])
      .execute();
    await fundsSettingsIntoRegistry.up(t.db as unknown as Kysely<unknown>);
    const settings = await readFundsSettings(t.db);
    expect(settings).toMatchObject({
      withdrawalMinPaise: 25_000n,
      withdrawalWindowFrom: '09:30',
      withdrawalWindowTo: '22:00',
      cryptoEnabled: true,
      coolingOffHours: 6,
    });
    const left = await t.db
      .selectFrom('parameters')
      .select('name')
      .where('name', 'like', 'funds.%')
      .execute();
    expect(left.map((row) => row.name)).toEqual(['funds.extraBankCodes']);
  });
});
