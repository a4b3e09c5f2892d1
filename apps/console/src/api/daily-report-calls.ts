import {
  type BodyOf,
  type DataOf,
  dailyReportCompute,
  dailyReportCsv,
  dailyReportList,
  dailyReportPdf,
} from '@nivesh/contract';
import { type CallOptions, call, TransportError } from './client';
import { clearStaffToken, readStaffToken } from './staff-token';

/** End-of-day reports (docs/adr/0033): one per trading day, kept as made. */
export type DailyReport = DataOf<typeof dailyReportList>['items'][number];
export type ComputeDailyReportBody = BodyOf<typeof dailyReportCompute>;

export const fetchDailyReports = (body: BodyOf<typeof dailyReportList>, options?: CallOptions) =>
  call(dailyReportList, body, options);

export const computeDailyReport = (body: ComputeDailyReportBody, options?: CallOptions) =>
  call(dailyReportCompute, body, options);

/** A report's CSV or PDF read with the staff token (the call answers the file, not the envelope). */
export async function fetchDailyReportFile(kind: 'csv' | 'pdf', tradeDate: string): Promise<Blob> {
  const definition = kind === 'csv' ? dailyReportCsv : dailyReportPdf;
  const token = readStaffToken();
  const response = await fetch(`/api/console/${definition.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { 'x-staff-token': token } : {}) },
    body: JSON.stringify({ tradeDate } satisfies BodyOf<typeof dailyReportPdf>),
  });
  if (response.status === 401 && token) clearStaffToken('expired');
  const expected = kind === 'csv' ? 'text/csv' : 'application/pdf';
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(expected))
    throw new TransportError(`The report of ${tradeDate} could not be read (HTTP ${response.status}).`);
  return response.blob();
}
