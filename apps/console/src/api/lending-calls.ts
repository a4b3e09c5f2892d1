import {
  type BodyOf,
  type DataOf,
  staffLendingPool,
  staffListLendings,
  staffSetInstrumentLending,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/**
 * Securities lending (docs/adr/0015-securities-lending.md): the pool per symbol, the lendings, the
 * per-instrument switch.
 */
export type LendingPool = DataOf<typeof staffLendingPool>;
export type LendingPoolRow = LendingPool['rows'][number];
export type StaffLending = DataOf<typeof staffListLendings>['items'][number];
export type LendingListQuery = BodyOf<typeof staffListLendings>;
export type SetInstrumentLendingBody = BodyOf<typeof staffSetInstrumentLending>;

export const fetchLendingPool = (options?: CallOptions) => call(staffLendingPool, {}, options);

export const fetchLendings = (query: LendingListQuery, options?: CallOptions) =>
  call(staffListLendings, query, options);

export const setInstrumentLending = (body: SetInstrumentLendingBody, options?: CallOptions) =>
  call(staffSetInstrumentLending, body, options);
