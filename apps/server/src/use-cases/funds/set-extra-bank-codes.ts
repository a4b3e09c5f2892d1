import type { fundsSetBankCodes } from '@nivesh/contract';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  fundsSettingsView,
  readFundsSettings,
  writeExtraBankCodes,
} from '../../repositories/funds-settings.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Replaces the IFSC bank codes staff added to the built-in table, with a reason; the audit row keeps
 * the codes before and after. (The funds limits, window, fee and switches are registry parameters,
 * changed through `parameters/update` like every other.)
 */
export const setExtraBankCodes: StaffUseCase<typeof fundsSetBankCodes> = async (deps, context, input) => {
  return inTransaction(deps.db, async (trx) => {
    const before = await readFundsSettings(trx);
    await writeExtraBankCodes(trx, input.extraBankCodes, context.nowMs);
    await auditStaffAct(trx, context, {
      action: 'funds.bank_codes.set',
      target: { type: 'parameters', id: 'funds.extraBankCodes' },
      before: { extraBankCodes: before.extraBankCodes },
      after: { extraBankCodes: input.extraBankCodes },
      reason: input.reason,
    });
    return fundsSettingsView({ ...before, extraBankCodes: input.extraBankCodes });
  });
};
