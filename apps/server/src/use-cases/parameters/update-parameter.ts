import type { updateParameter as updateParameterCall } from '@nivesh/contract';
import {
  isParameterName,
  PARAMETERS,
  type ParameterEditor,
  type ParameterName,
  parameterValueToApi,
  validateParameterChange,
} from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { StaffContext, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  lockParameterChanges,
  readParameterRows,
  writeParameter,
} from '../../repositories/parameter.repository.js';
import { openApprovalRequest } from '../approvals/second-approval.js';
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
    const after = parameterItem(name, checked.value, new Map([...updatedAt, [name, context.nowMs]]));
    if (needsSecondApprover(name)) {
      const requestId = await openApprovalRequest(trx, context, {
        kind: 'parameter_change',
        targetId: name,
        targetLabel: `${PARAMETERS[name].label} (parameter)`,
        payload: {
          value: after.value,
          change: [{ field: name, before: JSON.stringify(before.value), after: JSON.stringify(after.value) }],
        },
        reason: input.reason,
      });
      return {
        ...before,
        pendingChange: {
          requestId: String(requestId),
          value: after.value,
          requestedBy: context.staff.username,
          requestedAt: context.nowMs,
        },
      };
    }
    await writeChecked(trx, context, name, input.value, input.reason);
    return after;
  });
};

/**
 * Money parameters (amounts and fees) move or price money: a change of one waits for a second
 * staff member (ADR 0027). The rest change at once.
 */
export function needsSecondApprover(name: ParameterName): boolean {
  return PARAMETERS[name].kind === 'money' || name.includes('fee');
}

/** Validates a value against the parameters in force, writes it and audits before and after. */
async function writeChecked(
  trx: Db,
  context: StaffContext,
  name: ParameterName,
  value: unknown,
  reason: string,
): Promise<void> {
  const { values, updatedAt } = await readParameterRows(trx);
  const checked = validateParameterChange(name, value, values);
  if (!checked.ok) throw new AppError(checked.refusal.code, checked.refusal.params);
  const before = parameterItem(name, values, updatedAt);
  await writeParameter(trx, name, checked.value[name] as never, context.nowMs);
  await appendAudit(trx, {
    actor: { type: 'staff', id: context.staff.id },
    action: 'parameter.update',
    target: { type: 'parameter', id: name },
    before: { value: before.value },
    after: { value: parameterValueToApi(name, checked.value[name] as never) },
    reason,
    requestId: context.requestId,
    ip: context.ip,
  });
}

/**
 * The checker's side of a `parameter_change` request: the value is validated again against the
 * parameters in force now (another change may have landed since) and written, audited with the
 * maker's reason.
 */
export async function applyParameterChange(
  trx: Db,
  context: StaffContext,
  request: { targetId: string; payload: Record<string, unknown>; reason: string },
): Promise<void> {
  if (!isParameterName(request.targetId)) throw new AppError('PARAMETER_UNKNOWN', { name: request.targetId });
  await lockParameterChanges(trx);
  await writeChecked(trx, context, request.targetId, request.payload.value, request.reason);
}
