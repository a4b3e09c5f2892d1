import type { updateParameter as updateParameterCall } from '@nivesh/contract';
import { isParameterName, PARAMETERS, type ParameterEditor, validateParameterChange } from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  lockParameterChanges,
  readParameterRows,
  writeParameter,
} from '../../repositories/parameter.repository.js';
import { parameterItem } from './list-parameters.js';

/**
 * A staff change of one parameter: checked against its bounds and the ordered pairs, stored, and
 * audited with the value before and after, in one transaction; effective for the next read. A
 * refused value changes nothing. Finance may change the money limits of funds only (each
 * parameter's `editors`); anyone else is refused with 403 and the refusal is audited.
 */
export const updateParameter: StaffUseCase<typeof updateParameterCall> = async (deps, context, input) => {
  const actor = { type: 'staff' as const, id: context.staff.id };
  if (!isParameterName(input.name)) throw new AppError('PARAMETER_UNKNOWN', { name: input.name });
  const name = input.name;
  const editors: readonly ParameterEditor[] = PARAMETERS[name].editors;
  if (!editors.some((role) => context.staff.roles.has(role))) {
    await appendAudit(deps.db, {
      actor,
      action: 'console.forbidden',
      target: { type: 'parameter', id: name },
      after: { roles: [...context.staff.roles], editors },
      requestId: context.requestId,
      ip: context.ip,
    });
    throw new AppError('FORBIDDEN');
  }
  return inTransaction(deps.db, async (trx) => {
    await lockParameterChanges(trx);
    const { values, updatedAt } = await readParameterRows(trx);
    const checked = validateParameterChange(name, input.value, values);
    if (!checked.ok) throw new AppError(checked.refusal.code, checked.refusal.params);
    const before = parameterItem(name, values, updatedAt);
    await writeParameter(trx, name, checked.value[name] as never, context.nowMs);
    const after = parameterItem(name, checked.value, new Map([...updatedAt, [name, context.nowMs]]));
    await appendAudit(trx, {
      actor,
      action: 'parameter.update',
      target: { type: 'parameter', id: name },
      before: { value: before.value },
      after: { value: after.value },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return after;
  });
};
