import type { staffSetInstrumentLending as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  lockInstrumentLending,
  setInstrumentLendingEnabled,
} from '../../repositories/instrument.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { poolRows } from './read-lending-pool.js';

/**
 * Puts an instrument's shorts on the lending pool, or takes them off, with a reason (audited with
 * before and after). Shorts already open keep what they drew and keep paying the borrow fee while
 * open; only new shorts follow the switch.
 */
export const setInstrumentLending: StaffUseCase<typeof call> = async (deps, context, input) => {
  const symbol = normalizeSymbol(input.symbol);
  await inTransaction(deps.db, async (trx) => {
    const instrument = await lockInstrumentLending(trx, symbol);
    if (!instrument || instrument.kind === 'index') refuse('INSTRUMENT_NOT_FOUND', { symbol });
    await setInstrumentLendingEnabled(trx, symbol, input.enabled);
    await auditStaffAct(trx, context, {
      action: 'lending.set_instrument',
      target: { type: 'instrument', id: symbol },
      before: { lendingEnabled: instrument!.lendingEnabled },
      after: { lendingEnabled: input.enabled },
      reason: input.reason,
    });
  });
  return (await poolRows(deps.db, symbol))[0]!;
};
