import {
  type BodyOf,
  type DataOf,
  depositChannelDelete,
  depositChannelList,
  depositChannelSave,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/**
 * Deposit channels (docs/adr/0009-funds-evidence-and-review.md; the config page of docs/api.md,
 * "Console: reviews, channels, rates, settings"): list, save, delete.
 */
export type StaffDepositChannel = DataOf<typeof depositChannelList>['items'][number];
export type DepositChannelInput = BodyOf<typeof depositChannelSave>;

export const fetchDepositChannels = (options?: CallOptions) => call(depositChannelList, {}, options);

export const saveDepositChannel = (body: DepositChannelInput, options?: CallOptions) =>
  call(depositChannelSave, body, options);

export const deleteDepositChannel = (body: BodyOf<typeof depositChannelDelete>, options?: CallOptions) =>
  call(depositChannelDelete, body, options);
