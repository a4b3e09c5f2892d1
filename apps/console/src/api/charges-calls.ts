import {
  addChargeSchedule,
  type BodyOf,
  type DataOf,
  listChargeAccounts,
  listChargeSchedules,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Charge schedules and the house charge accounts (docs/api.md, "Charges"; docs/adr/0020). */
export type ChargeScheduleRow = DataOf<typeof listChargeSchedules>['items'][number];
export type AddChargeScheduleBody = BodyOf<typeof addChargeSchedule>;
export type ChargeAccountRow = DataOf<typeof listChargeAccounts>['items'][number];

export const fetchChargeSchedules = () => call(listChargeSchedules, {});
export const fetchChargeAccounts = () => call(listChargeAccounts, {});
export const addChargeScheduleWithReason = (body: AddChargeScheduleBody, options?: CallOptions) =>
  call(addChargeSchedule, body, options);
