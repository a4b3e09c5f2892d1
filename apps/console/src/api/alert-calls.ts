import { alertList, type DataOf } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Alerts on the dashboard (docs/adr/0033): open ones and the last week's, with their delivery tries. */
export type AlertList = DataOf<typeof alertList>;
export type ConsoleAlert = AlertList['items'][number];

export const fetchAlerts = (options?: CallOptions) => call(alertList, {}, options);
