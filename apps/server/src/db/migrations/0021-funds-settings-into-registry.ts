import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * One truth for the funds rules: the values staff set through the older `funds/updateSettings` call
 * (rows named `funds.<field>`) move to the registry's parameters, which the Parameters page edits
 * and the deposit, withdrawal and payout rules now read. Those rows were the ones in force, so they
 * win over a registry row of the same meaning. Money was stored as paise strings in both. The extra
 * bank codes stay where they are (reference data, not a parameter).
 */
const RENAMES: ReadonlyArray<[from: string, to: string]> = [
  ['funds.withdrawalMinPaise', 'withdrawal_amount_min'],
  ['funds.withdrawalMaxPaise', 'withdrawal_amount_max'],
  ['funds.withdrawalWorkingDaysOnly', 'withdrawal_working_days_only'],
  ['funds.withdrawalFeeFixedPaise', 'withdrawal_fee_fixed'],
  ['funds.withdrawalFeeBps', 'withdrawal_fee_bps'],
  ['funds.secondApprovalAbovePaise', 'withdrawal_second_approver_above'],
  ['funds.coolingOffHours', 'payout_destination_cooling_off_hours'],
  ['funds.cryptoEnabled', 'crypto_enabled'],
];

export const fundsSettingsIntoRegistry: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      ...RENAMES.map(
        ([from, to]) => `INSERT INTO parameters (name, value, updated_at)
          SELECT '${to}', value, updated_at FROM parameters WHERE name = '${from}'
          ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      ),
      // The window was two rows; the registry keeps one {start, end}. A missing half keeps the
      // registry's value (or its default, 09:30 to 24:00).
      `INSERT INTO parameters (name, value, updated_at)
        SELECT 'withdrawal_window',
          jsonb_build_object(
            'start', coalesce((SELECT value #>> '{}' FROM parameters WHERE name = 'funds.withdrawalWindowFrom'),
              (SELECT value ->> 'start' FROM parameters WHERE name = 'withdrawal_window'), '09:30'),
            'end', coalesce((SELECT value #>> '{}' FROM parameters WHERE name = 'funds.withdrawalWindowTo'),
              (SELECT value ->> 'end' FROM parameters WHERE name = 'withdrawal_window'), '24:00')),
          max(updated_at)
        FROM parameters
        WHERE name IN ('funds.withdrawalWindowFrom', 'funds.withdrawalWindowTo')
        HAVING count(*) > 0
        ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      `DELETE FROM parameters WHERE name LIKE 'funds.%' AND name <> 'funds.extraBankCodes'`,
    ]);
  },
};
