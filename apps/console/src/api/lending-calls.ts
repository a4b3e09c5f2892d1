import type {
  BodyOf,
  DataOf,
  staffLendingPool,
  staffListLendings,
  staffSetInstrumentLending,
} from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** Securities lending (issue 11, part 3): the pool per symbol, the lendings, the per-instrument switch. */
export type LendingPool = DataOf<typeof staffLendingPool>;
export type LendingPoolRow = LendingPool['rows'][number];
export type StaffLending = DataOf<typeof staffListLendings>['items'][number];
export type LendingListQuery = BodyOf<typeof staffListLendings>;
export type SetInstrumentLendingBody = BodyOf<typeof staffSetInstrumentLending>;

export const fetchLendingPool = (options?: CallOptions) =>
  callConsole<LendingPool>('lending/pool', {}, options);

export const fetchLendings = (query: LendingListQuery, options?: CallOptions) =>
  callConsole<DataOf<typeof staffListLendings>>('lending/lendings', query, options);

export const setInstrumentLending = (body: SetInstrumentLendingBody, options?: CallOptions) =>
  callConsole<LendingPoolRow>('lending/setInstrumentLending', body, mutating(options));
