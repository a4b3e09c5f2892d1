import type { BodyOf, DataOf, staffListBlockReferences, staffListBlockTrades } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';

/** The block console calls (read-only: staff make no block offers). */

export type BlockTradesQuery = BodyOf<typeof staffListBlockTrades>;
export type BlockTradesList = DataOf<typeof staffListBlockTrades>;
export type BlockReferences = DataOf<typeof staffListBlockReferences>;

export const fetchBlockTrades = (body: BlockTradesQuery, options?: CallOptions) =>
  callConsole<BlockTradesList>('block/trades', body, options);
export const fetchBlockReferences = (body: BodyOf<typeof staffListBlockReferences>, options?: CallOptions) =>
  callConsole<BlockReferences>('block/references', body, options);
