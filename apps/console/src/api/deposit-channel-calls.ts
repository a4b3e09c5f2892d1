import type { BodyOf, DataOf, depositChannelList, depositChannelSave } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** Deposit channels (issue 8's calls, issue 9's config page): list, save, delete. */
export type StaffDepositChannel = DataOf<typeof depositChannelList>['items'][number];
export type DepositChannelInput = BodyOf<typeof depositChannelSave>;

export const fetchDepositChannels = (options?: CallOptions) =>
  callConsole<DataOf<typeof depositChannelList>>('depositChannels/list', {}, options);

export const saveDepositChannel = (body: DepositChannelInput, options?: CallOptions) =>
  callConsole<StaffDepositChannel>('depositChannels/save', body, mutating(options));

export const deleteDepositChannel = (body: { id: string; reason: string }, options?: CallOptions) =>
  callConsole<null>('depositChannels/delete', body, mutating(options));
