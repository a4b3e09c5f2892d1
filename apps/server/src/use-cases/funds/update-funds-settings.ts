import type { BodyOf, DataOf, fundsUpdateSettings } from '@nivesh/contract';
import { isClockTime, parsePaise } from '@nivesh/core';
import { inTransaction } from '../../db/transaction.js';
import { refuse } from '../../http/app-error.js';
import type { AppDeps } from '../../http/context.js';
import type { StaffContext } from '../../http/register-console-call.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  type FundsSettings,
  fundsSettingsView,
  readFundsSettings,
  writeFundsSettings,
} from '../../repositories/funds-settings.repository.js';

function money(value: string | number | undefined, field: string): bigint | undefined {
  if (value === undefined) return undefined;
  const parsed = parsePaise(value);
  if (!parsed.ok) return refuse('SETTING_INVALID', { field });
  return parsed.paise;
}

/** Changes some funds settings with a reason; the audit row keeps the settings before and after. */
export async function updateFundsSettings(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof fundsUpdateSettings>,
): Promise<DataOf<typeof fundsUpdateSettings>> {
  const changes: Partial<FundsSettings> = {};
  const withdrawalMinPaise = money(input.withdrawalMin, 'withdrawalMin');
  const withdrawalMaxPaise = money(input.withdrawalMax, 'withdrawalMax');
  const secondApprovalAbovePaise = money(input.secondApprovalAbove, 'secondApprovalAbove');
  if (withdrawalMinPaise !== undefined) changes.withdrawalMinPaise = withdrawalMinPaise;
  if (withdrawalMaxPaise !== undefined) changes.withdrawalMaxPaise = withdrawalMaxPaise;
  if (secondApprovalAbovePaise !== undefined) changes.secondApprovalAbovePaise = secondApprovalAbovePaise;
  if (input.withdrawalFeeFixed !== undefined) {
    const parsed = parsePaise(input.withdrawalFeeFixed, { allowZero: true });
    if (!parsed.ok) refuse('SETTING_INVALID', { field: 'withdrawalFeeFixed' });
    changes.withdrawalFeeFixedPaise = (parsed as { paise: bigint }).paise;
  }
  for (const field of ['withdrawalWindowFrom', 'withdrawalWindowTo'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (!isClockTime(value) || (field === 'withdrawalWindowFrom' && value === '24:00'))
      refuse('SETTING_INVALID', { field });
    changes[field] = value;
  }
  if (input.withdrawalWorkingDaysOnly !== undefined)
    changes.withdrawalWorkingDaysOnly = input.withdrawalWorkingDaysOnly;
  if (input.withdrawalFeeBps !== undefined) changes.withdrawalFeeBps = input.withdrawalFeeBps;
  if (input.coolingOffHours !== undefined) changes.coolingOffHours = input.coolingOffHours;
  if (input.cryptoEnabled !== undefined) changes.cryptoEnabled = input.cryptoEnabled;
  if (input.extraBankCodes !== undefined) changes.extraBankCodes = input.extraBankCodes;

  return inTransaction(deps.db, async (trx) => {
    const before = await readFundsSettings(trx);
    const after = { ...before, ...changes };
    if (after.withdrawalMaxPaise < after.withdrawalMinPaise)
      refuse('SETTING_INVALID', { field: 'withdrawalMax' });
    await writeFundsSettings(trx, changes, context.nowMs);
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'funds.settings.update',
      target: { type: 'parameters', id: 'funds' },
      before: fundsSettingsView(before),
      after: fundsSettingsView(after),
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return fundsSettingsView(after);
  });
}
