import { describe, expect, it } from 'vitest';
import { createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

describe('the credit-loan quota table', () => {
  it('replaces the table, sorted by score, with an audit row, and reads it back', async () => {
    const compliance = await createStaff(t, ['compliance']);
    const saved = await t.call(
      '/api/console/loans/setQuotaTable',
      {
        tiers: [
          { minCreditScore: 600, quota: '50000' },
          { minCreditScore: 300, quota: '10000.00' },
        ],
        reason: 'launch table',
      },
      compliance.headers,
    );
    expect(saved.body.data.tiers).toEqual([
      { minCreditScore: 300, quota: '10000.00' },
      { minCreditScore: 600, quota: '50000.00' },
    ]);
    const finance = await createStaff(t, ['finance']);
    const read = await t.call('/api/console/loans/quotaTable', {}, finance.headers);
    expect(read.body.data.tiers).toHaveLength(2);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'loans.quota_table.set')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('launch table');
  });

  it('refuses a repeated score, a falling quota and a bad amount, changing nothing', async () => {
    const admin = await createStaff(t, ['admin']);
    const before = (await t.call('/api/console/loans/quotaTable', {}, admin.headers)).body.data.tiers;
    const cases = [
      {
        tiers: [
          { minCreditScore: 1, quota: '1' },
          { minCreditScore: 1, quota: '2' },
        ],
        reason: 'duplicate_score',
      },
      {
        tiers: [
          { minCreditScore: 1, quota: '9' },
          { minCreditScore: 2, quota: '2' },
        ],
        reason: 'quota_decreases',
      },
      { tiers: [{ minCreditScore: 1, quota: '1.001' }], reason: 'too_many_decimals' },
    ];
    for (const { tiers, reason } of cases) {
      const reply = await t.call(
        '/api/console/loans/setQuotaTable',
        { tiers, reason: 'try it' },
        admin.headers,
      );
      expect(reply.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED', params: { reason } });
    }
    expect((await t.call('/api/console/loans/quotaTable', {}, admin.headers)).body.data.tiers).toEqual(
      before,
    );
    const support = await createStaff(t, ['support']);
    expect(
      (await t.call('/api/console/loans/setQuotaTable', { tiers: [], reason: 'nope' }, support.headers)).http,
    ).toBe(403);
  });
});
