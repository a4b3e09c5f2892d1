import {
  type BodyOf,
  type DataOf,
  fundsSetBankCodes,
  fundsSettings,
  importHolidays,
  previewHolidayImport,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** The IFSC bank codes finance adds to the built-in table (the payout account form accepts them). */
export type FundsSettingsView = DataOf<typeof fundsSettings>;
export type SetBankCodesBody = BodyOf<typeof fundsSetBankCodes>;
export const fetchFundsSettings = (options?: CallOptions) => call(fundsSettings, {}, options);
export const setBankCodes = (body: SetBankCodesBody, options?: CallOptions) =>
  call(fundsSetBankCodes, body, options);

/** A year's exchange holiday list (docs/adr/0033): previewed, then imported with a reason. */
export type HolidayImportView = DataOf<typeof previewHolidayImport>;
export type ImportHolidaysBody = BodyOf<typeof importHolidays>;
export const previewHolidays = (body: BodyOf<typeof previewHolidayImport>, options?: CallOptions) =>
  call(previewHolidayImport, body, options);
export const importHolidayList = (body: ImportHolidaysBody, options?: CallOptions) =>
  call(importHolidays, body, options);
