import { type BodyOf, type DataOf, staffListBlockReferences, staffListBlockTrades } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** The block console calls (read-only: staff make no block offers). */

export type BlockTradesQuery = BodyOf<typeof staffListBlockTrades>;
export type BlockTradesList = DataOf<typeof staffListBlockTrades>;
export type BlockReferences = DataOf<typeof staffListBlockReferences>;

export const fetchBlockTrades = (body: BlockTradesQuery, options?: CallOptions) =>
  call(staffListBlockTrades, body, options);
export const fetchBlockReferences = (body: BodyOf<typeof staffListBlockReferences>, options?: CallOptions) =>
  call(staffListBlockReferences, body, options);
