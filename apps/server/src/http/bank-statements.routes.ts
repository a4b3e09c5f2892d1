import {
  bankMappingList,
  bankMappingSave,
  bankStatementApproveDeposits,
  bankStatementList,
  bankStatementMatches,
  bankStatementUpload,
  payoutBatchFile,
  payoutBatchList,
  payoutExport,
  payoutRecordFromStatement,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { approveMatchedDeposits } from '../use-cases/bank-statements/approve-matched-deposits.js';
import { listBankMappings, saveBankMapping } from '../use-cases/bank-statements/manage-bank-mappings.js';
import { readStatementMatches } from '../use-cases/bank-statements/match-bank-statement.js';
import {
  listBankStatements,
  uploadBankStatement,
} from '../use-cases/bank-statements/upload-bank-statement.js';
import {
  exportPayouts,
  listPayoutBatchesUseCase,
  readPayoutBatchFile,
} from '../use-cases/payouts/export-payouts.js';
import { recordPayoutsFromStatement } from '../use-cases/payouts/record-payouts-from-statement.js';
import { registerConsoleUseCase } from './register-console-call.js';

/** Bank statements and payouts in bulk (docs/api.md, "Bank statements and payouts"; ADR 0032). */
export function registerBankStatementRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerConsoleUseCase(app, deps, bankMappingList, listBankMappings);
  registerConsoleUseCase(app, deps, bankMappingSave, saveBankMapping);
  registerConsoleUseCase(app, deps, bankStatementUpload, uploadBankStatement);
  registerConsoleUseCase(app, deps, bankStatementList, listBankStatements);
  registerConsoleUseCase(app, deps, bankStatementMatches, readStatementMatches);
  registerConsoleUseCase(app, deps, bankStatementApproveDeposits, approveMatchedDeposits);
  registerConsoleUseCase(app, deps, payoutExport, exportPayouts);
  registerConsoleUseCase(app, deps, payoutBatchList, listPayoutBatchesUseCase);
  registerConsoleUseCase(app, deps, payoutBatchFile, readPayoutBatchFile);
  registerConsoleUseCase(app, deps, payoutRecordFromStatement, recordPayoutsFromStatement);
}
