import {
  type BodyOf,
  type DataOf,
  staffCancelIpo,
  staffCommitIpoSeed,
  staffDrawIpo,
  staffIpoSubscriptions,
  staffListIpo,
  staffSaveIpo,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/**
 * New shares (IPO; docs/adr/0011-ipo-draw.md): issues, the seed commitment, the draw, calling an
 * issue off.
 */
export type StaffIpoIssue = DataOf<typeof staffListIpo>['items'][number];
export type SaveIpoBody = BodyOf<typeof staffSaveIpo>;
export type StaffIpoSubscription = DataOf<typeof staffIpoSubscriptions>['items'][number];

export const fetchIpoIssues = (options?: CallOptions) => call(staffListIpo, {}, options);
export const fetchIpoSubscriptions = (id: string, options?: CallOptions) =>
  call(staffIpoSubscriptions, { id }, options);
export const saveIpoIssue = (body: SaveIpoBody) => call(staffSaveIpo, body);
export const commitIpoSeed = (body: BodyOf<typeof staffCommitIpoSeed>) => call(staffCommitIpoSeed, body);
export const drawIpo = (body: BodyOf<typeof staffDrawIpo>) => call(staffDrawIpo, body);
export const cancelIpo = (body: BodyOf<typeof staffCancelIpo>) => call(staffCancelIpo, body);
