import type { BodyOf, DataOf, staffIpoSubscriptions, staffListIpo, staffSaveIpo } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** New shares (IPO, issue 10): issues, the seed commitment, the draw, calling an issue off. */
export type StaffIpoIssue = DataOf<typeof staffListIpo>['items'][number];
export type SaveIpoBody = BodyOf<typeof staffSaveIpo>;
export type StaffIpoSubscription = DataOf<typeof staffIpoSubscriptions>['items'][number];

const write = <T>(path: string, body: object, options?: CallOptions) =>
  callConsole<T>(path, body, mutating(options));

export const fetchIpoIssues = (options?: CallOptions) =>
  callConsole<{ items: StaffIpoIssue[] }>('ipo/list', {}, options);
export const fetchIpoSubscriptions = (id: string, options?: CallOptions) =>
  callConsole<{ items: StaffIpoSubscription[] }>('ipo/subscriptions', { id }, options);
export const saveIpoIssue = (body: SaveIpoBody) => write<StaffIpoIssue>('ipo/save', body);
export const commitIpoSeed = (body: { id: string; commitment: string; reason: string }) =>
  write<StaffIpoIssue>('ipo/commitSeed', body);
export const drawIpo = (body: { id: string; seed: string; reason: string }) =>
  write<StaffIpoIssue>('ipo/draw', body);
export const cancelIpo = (body: { id: string; reason: string }) => write<StaffIpoIssue>('ipo/cancel', body);
