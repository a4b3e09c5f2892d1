import {
  type BodyOf,
  bankMappingList,
  bankMappingSave,
  bankStatementApproveDeposits,
  bankStatementList,
  bankStatementMatches,
  bankStatementUpload,
  type DataOf,
  payoutBatchFile,
  payoutBatchList,
  payoutExport,
  payoutRecordFromStatement,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/**
 * Bank statements and payouts in bulk (docs/adr/0032-bank-statement-matching.md): each bank's
 * columns, statement uploads and their matching to deposits, bulk payment files and the UTRs
 * recorded back from the statement.
 */
export type BankMapping = DataOf<typeof bankMappingList>['items'][number];
export type StatementSummary = DataOf<typeof bankStatementList>['items'][number];
export type StatementMatches = DataOf<typeof bankStatementMatches>;
export type MatchedPair = StatementMatches['matched'][number];
export type PayoutBatch = DataOf<typeof payoutBatchList>['items'][number];
export type PayoutsRecorded = DataOf<typeof payoutRecordFromStatement>;

export const fetchBankMappings = () => call(bankMappingList, {});
export const saveBankMapping = (body: BodyOf<typeof bankMappingSave>, options?: CallOptions) =>
  call(bankMappingSave, body, options);
export const fetchStatements = () => call(bankStatementList, {});
export const uploadStatement = (body: BodyOf<typeof bankStatementUpload>, options?: CallOptions) =>
  call(bankStatementUpload, body, options);
export const fetchStatementMatches = (statementId: string) => call(bankStatementMatches, { statementId });
export const approveMatchedDeposits = (
  body: BodyOf<typeof bankStatementApproveDeposits>,
  options?: CallOptions,
) => call(bankStatementApproveDeposits, body, options);
export const fetchPayoutBatches = () => call(payoutBatchList, {});
export const exportPayouts = (body: BodyOf<typeof payoutExport>, options?: CallOptions) =>
  call(payoutExport, body, options);
export const fetchPayoutBatchFile = (batchId: string) => call(payoutBatchFile, { batchId });
export const recordPayoutsFromStatement = (
  body: BodyOf<typeof payoutRecordFromStatement>,
  options?: CallOptions,
) => call(payoutRecordFromStatement, body, options);
