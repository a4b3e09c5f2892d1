import type {
  DataOf,
  listConfig as listConfigCall,
  updateConfig as updateConfigCall,
} from '@nivesh/contract';
import { AppError } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  listConfigEntries,
  lockConfigValue,
  upsertConfigEntry,
} from '../../repositories/config.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { configRefusal, EDITABLE_CONFIG, READ_ONLY_CONFIG } from './config-rules.js';

type ConfigItem = DataOf<typeof listConfigCall>['items'][number];

/** The editable entries in a fixed order (missing ones show empty), then the read-only ones. */
export async function listConfig(db: Db): Promise<DataOf<typeof listConfigCall>> {
  const byName = new Map((await listConfigEntries(db)).map((entry) => [entry.name, entry]));
  const item = (name: string, editable: boolean, description: string): ConfigItem => {
    const entry = byName.get(name);
    return { name, value: entry?.value ?? '', editable, description, updatedAt: entry?.updatedAtMs ?? 0 };
  };
  return {
    items: [
      ...Object.entries(EDITABLE_CONFIG).map(([name, rule]) => item(name, true, rule.description)),
      ...Object.entries(READ_ONLY_CONFIG).map(([name, description]) => item(name, false, description)),
    ],
  };
}

/** Stores one entry (public, as `common/config` serves it) and audits the value before and after. */
export const updateConfig: StaffUseCase<typeof updateConfigCall> = async (deps, context, input) => {
  const refusal = configRefusal(input.name, input.value);
  if (refusal) throw new AppError(refusal.code, refusal.params);
  const rule = EDITABLE_CONFIG[input.name]!;
  return inTransaction(deps.db, async (trx) => {
    const before = await lockConfigValue(trx, input.name);
    await upsertConfigEntry(trx, {
      name: input.name,
      value: input.value,
      isPublic: true,
      atMs: context.nowMs,
    });
    await auditStaffAct(trx, context, {
      action: 'config.update',
      target: { type: 'config', id: input.name },
      before: { value: before ?? null },
      after: { value: input.value },
      reason: input.reason,
    });
    return {
      name: input.name,
      value: input.value,
      editable: true,
      description: rule.description,
      updatedAt: context.nowMs,
    };
  });
};
