import type { bankMappingList, bankMappingSave, DataOf } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type BankStatementMappingRecord,
  findBankMappingByName,
  insertBankMapping,
  lockBankMapping,
  listBankMappings as readBankMappings,
  updateBankMapping,
} from '../../repositories/bank-statement.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { statementColumnsOf } from './statement-lines.js';

type MappingView = DataOf<typeof bankMappingSave>;

const columnsOf = (mapping: BankStatementMappingRecord) => ({
  bankName: mapping.bankName,
  ...statementColumnsOf(mapping),
});

async function readMappingView(db: Db, id: bigint): Promise<MappingView> {
  const mapping = (await readBankMappings(db)).find((row) => row.id === id)!;
  return {
    id: String(mapping.id),
    ...columnsOf(mapping),
    updatedBy: mapping.updatedByName,
    updatedAt: mapping.updatedAtMs,
  };
}

/** Every bank's statement columns, by bank name. */
export const listBankMappings: StaffUseCase<typeof bankMappingList> = async ({ db }) => {
  const mappings = await readBankMappings(db);
  return {
    items: mappings.map((mapping) => ({
      id: String(mapping.id),
      ...columnsOf(mapping),
      updatedBy: mapping.updatedByName,
      updatedAt: mapping.updatedAtMs,
    })),
  };
};

/**
 * Saves a bank's statement columns (docs/adr/0032-bank-statement-matching.md): a new bank, or a
 * change of one with its id; one mapping per bank name. Audited with before and after and the reason.
 */
export const saveBankMapping: StaffUseCase<typeof bankMappingSave> = async ({ db }, context, input) => {
  const draft = {
    bankName: input.bankName.trim(),
    dateColumn: input.date.trim(),
    narrationColumn: input.narration.trim(),
    referenceColumn: input.reference.trim(),
    debitColumn: input.debit.trim(),
    creditColumn: input.credit.trim(),
    balanceColumn: input.balance === null || input.balance.trim() === '' ? null : input.balance.trim(),
    updatedBy: context.staff.id,
    atMs: context.nowMs,
  };
  const id = await inTransaction(db, async (trx) => {
    const sameName = await findBankMappingByName(trx, draft.bankName);
    if (input.id === undefined) {
      if (sameName) refuse('BANK_MAPPING_NAME_TAKEN', { bank: sameName.bankName });
      const created = await insertBankMapping(trx, draft);
      await auditStaffAct(trx, context, {
        action: 'bank_mapping.create',
        target: { type: 'bank_statement_mapping', id: created },
        after: columnsOf({ ...draft, id: created, updatedAtMs: context.nowMs }),
        reason: input.reason,
      });
      return created;
    }
    const id = BigInt(input.id);
    const before = (await lockBankMapping(trx, id)) ?? refuse('BANK_MAPPING_NOT_FOUND');
    if (sameName && sameName.id !== id) refuse('BANK_MAPPING_NAME_TAKEN', { bank: sameName.bankName });
    await updateBankMapping(trx, id, draft);
    await auditStaffAct(trx, context, {
      action: 'bank_mapping.update',
      target: { type: 'bank_statement_mapping', id },
      before: columnsOf(before),
      after: columnsOf({ ...draft, id, updatedAtMs: context.nowMs }),
      reason: input.reason,
    });
    return id;
  });
  return readMappingView(db, id);
};
