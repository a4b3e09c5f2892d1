import { formatPaise } from '@nivesh/core';
import type { Db } from '../db/database.js';
import { parameterValuesOf } from './parameter.repository.js';

/**
 * The funds rules as the deposit, withdrawal and payout use cases read them. Every value but the
 * extra bank codes is a parameter of the console's registry (packages/core/src/parameters), so the
 * Parameters page is the one place staff change them (migration 0021 moved the older `funds.*` rows
 * there). The extra IFSC bank codes are reference data, not a parameter: one `funds.extraBankCodes`
 * row, changed through `funds/updateSettings`.
 */
export interface FundsSettings {
  withdrawalMinPaise: bigint;
  withdrawalMaxPaise: bigint;
  withdrawalWindowFrom: string;
  withdrawalWindowTo: string;
  withdrawalWorkingDaysOnly: boolean;
  withdrawalFeeFixedPaise: bigint;
  withdrawalFeeBps: number;
  /** Withdrawals above this need a second, different staff member's approval. */
  secondApprovalAbovePaise: bigint;
  /** Hours after adding a payout destination before it can receive a withdrawal. */
  coolingOffHours: number;
  /** USDT channels and wallets: off by default (DESIGN.md section 5). */
  cryptoEnabled: boolean;
  /** The platform's deposit limits and window; each channel's own limits apply within them. */
  depositMinPaise: bigint;
  depositMaxPaise: bigint;
  depositWindowFrom: string;
  depositWindowTo: string;
  /** IFSC bank codes added to the built-in table. */
  extraBankCodes: Record<string, string>;
}

const EXTRA_BANK_CODES = 'funds.extraBankCodes';

export async function readFundsSettings(db: Db): Promise<FundsSettings> {
  // One read of the parameters table serves both the registry values and the bank codes row.
  const rows = await db.selectFrom('parameters').select(['name', 'value', 'updated_at']).execute();
  const { values } = parameterValuesOf(rows);
  const bankCodes = extraBankCodesOf(rows.find((row) => row.name === EXTRA_BANK_CODES)?.value);
  return {
    withdrawalMinPaise: values.withdrawal_amount_min,
    withdrawalMaxPaise: values.withdrawal_amount_max,
    withdrawalWindowFrom: values.withdrawal_window.start,
    withdrawalWindowTo: values.withdrawal_window.end,
    withdrawalWorkingDaysOnly: values.withdrawal_working_days_only,
    withdrawalFeeFixedPaise: values.withdrawal_fee_fixed,
    withdrawalFeeBps: values.withdrawal_fee_bps,
    secondApprovalAbovePaise: values.withdrawal_second_approver_above,
    coolingOffHours: values.payout_destination_cooling_off_hours,
    cryptoEnabled: values.crypto_enabled,
    depositMinPaise: values.deposit_amount_min,
    depositMaxPaise: values.deposit_amount_max,
    depositWindowFrom: values.deposit_window.start,
    depositWindowTo: values.deposit_window.end,
    extraBankCodes: bankCodes,
  };
}

function extraBankCodesOf(value: unknown): Record<string, string> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
}

export async function writeExtraBankCodes(
  db: Db,
  codes: Record<string, string>,
  atMs: number,
): Promise<void> {
  const json = JSON.stringify(codes);
  await db
    .insertInto('parameters')
    .values({ name: EXTRA_BANK_CODES, value: json, updated_at: new Date(atMs) })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ value: json, updated_at: new Date(atMs) }),
    )
    .execute();
}

/** The settings as the console shows them: money as rupee strings. */
export function fundsSettingsView(settings: FundsSettings) {
  return {
    withdrawalMin: formatPaise(settings.withdrawalMinPaise),
    withdrawalMax: formatPaise(settings.withdrawalMaxPaise),
    withdrawalWindowFrom: settings.withdrawalWindowFrom,
    withdrawalWindowTo: settings.withdrawalWindowTo,
    withdrawalWorkingDaysOnly: settings.withdrawalWorkingDaysOnly,
    withdrawalFeeFixed: formatPaise(settings.withdrawalFeeFixedPaise),
    withdrawalFeeBps: settings.withdrawalFeeBps,
    secondApprovalAbove: formatPaise(settings.secondApprovalAbovePaise),
    coolingOffHours: settings.coolingOffHours,
    cryptoEnabled: settings.cryptoEnabled,
    extraBankCodes: settings.extraBankCodes,
  };
}
