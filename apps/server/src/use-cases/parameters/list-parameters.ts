import type { DataOf, listParameters as listParametersCall } from '@nivesh/contract';
import {
  formatBpsAsPercent,
  formatPaise,
  PARAMETER_NAMES,
  PARAMETERS,
  type ParameterDefinition,
  type ParameterName,
  type ParameterValues,
  parameterValueToApi,
} from '@nivesh/core';
import type { Db } from '../../db/database.js';
import { listApprovalRequests } from '../../repositories/approval-request.repository.js';
import { readParameterRows } from '../../repositories/parameter.repository.js';

export type ParameterItem = DataOf<typeof listParametersCall>['items'][number];

function bounds(definition: ParameterDefinition): { min: string | null; max: string | null } {
  switch (definition.kind) {
    case 'count':
      return { min: `${definition.min} ${definition.unit}`, max: `${definition.max} ${definition.unit}` };
    case 'bps':
      return {
        min: `${definition.minExclusive ? 'above ' : ''}${formatBpsAsPercent(definition.min)}`,
        max: formatBpsAsPercent(definition.max),
      };
    case 'money':
      return { min: formatPaise(definition.min), max: formatPaise(definition.max) };
    default:
      return { min: null, max: null };
  }
}

/** One parameter as the console shows it. */
export function parameterItem(
  name: ParameterName,
  values: ParameterValues,
  updatedAt: ReadonlyMap<ParameterName, number>,
): ParameterItem {
  const definition: ParameterDefinition = PARAMETERS[name];
  const value = parameterValueToApi(name, values[name] as never);
  const defaultValue = parameterValueToApi(name, definition.default as never);
  return {
    name,
    group: definition.group,
    label: definition.label,
    description: definition.description,
    kind: definition.kind,
    unit: definition.unit,
    value,
    defaultValue,
    isDefault: JSON.stringify(value) === JSON.stringify(defaultValue),
    editors: [...definition.editors],
    choices: definition.kind === 'choice' ? [...definition.choices] : [],
    ...bounds(definition),
    updatedAt: updatedAt.get(name) ?? null,
  };
}

/** Every parameter, in registry order, with its value now. */
export async function listParameters(db: Db): Promise<DataOf<typeof listParametersCall>> {
  const [{ values, updatedAt }, pending] = await Promise.all([
    readParameterRows(db),
    listApprovalRequests(db, { kind: 'parameter_change', state: 'pending' }),
  ]);
  const pendingByName = new Map(pending.map((request) => [request.targetId, request]));
  return {
    items: PARAMETER_NAMES.map((name) => {
      const item = parameterItem(name, values, updatedAt);
      const request = pendingByName.get(name);
      if (!request) return item;
      return {
        ...item,
        pendingChange: {
          requestId: String(request.id),
          value: request.payload.value as ParameterItem['value'],
          requestedBy: request.requesterName,
          requestedAt: request.requestedAtMs,
        },
      };
    }),
  };
}
