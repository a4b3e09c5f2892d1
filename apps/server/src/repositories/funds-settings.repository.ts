import { formatPaise } from '@nivesh/core';
import type { Db } from '../db/database.js';

/**
 * The funds parameters staff change in the console (DESIGN.md section 5, values in italics). Each is
 * one row of the `parameters` table named `funds.<name>`; a missing row means the default here.
 * Money is kept as a decimal string of paise in the JSON, never as a JSON number.
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
  /** IFSC bank codes added to the built-in table. */
  extraBankCodes: Record<string, string>;
}

export const DEFAULT_FUNDS_SETTINGS: FundsSettings = {
  withdrawalMinPaise: 10_000n,
  withdrawalMaxPaise: 50_000_000n,
  withdrawalWindowFrom: '09:30',
  withdrawalWindowTo: '24:00',
  withdrawalWorkingDaysOnly: true,
  withdrawalFeeFixedPaise: 0n,
  withdrawalFeeBps: 0,
  secondApprovalAbovePaise: 20_000_000n,
  coolingOffHours: 24,
  cryptoEnabled: false,
  extraBankCodes: {},
};

/** Default deposit limits and window for a new channel: ₹100 to ₹10,00,000, 00:00 to 23:59. */
export const DEFAULT_DEPOSIT_LIMITS = {
  minPaise: 10_000n,
  maxPaise: 100_000_000n,
  from: '00:00',
  to: '23:59',
};

const PREFIX = 'funds.';
const BIGINT_FIELDS = new Set<keyof FundsSettings>([
  'withdrawalMinPaise',
  'withdrawalMaxPaise',
  'withdrawalFeeFixedPaise',
  'secondApprovalAbovePaise',
]);

export async function readFundsSettings(db: Db): Promise<FundsSettings> {
  const rows = await db
    .selectFrom('parameters')
    .select(['name', 'value'])
    .where('name', 'like', `${PREFIX}%`)
    .execute();
  const settings: FundsSettings = { ...DEFAULT_FUNDS_SETTINGS, extraBankCodes: {} };
  const target = settings as unknown as Record<string, unknown>;
  for (const row of rows) {
    const name = row.name.slice(PREFIX.length) as keyof FundsSettings;
    if (!Object.hasOwn(DEFAULT_FUNDS_SETTINGS, name)) continue;
    target[name] = BIGINT_FIELDS.has(name) ? BigInt(row.value as string) : row.value;
  }
  return settings;
}

export async function writeFundsSettings(
  db: Db,
  changes: Partial<FundsSettings>,
  atMs: number,
): Promise<void> {
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const json = JSON.stringify(typeof value === 'bigint' ? value.toString() : value);
    await db
      .insertInto('parameters')
      .values({ name: `${PREFIX}${name}`, value: json, updated_at: new Date(atMs) })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ value: json, updated_at: new Date(atMs) }),
      )
      .execute();
  }
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
