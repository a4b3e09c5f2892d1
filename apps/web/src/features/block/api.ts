import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../api/hooks';
import type { Position } from '../../api/positions';

// Shapes of the block calls (docs/api.md "Block trades"; packages/contract calls/block.ts).

export type BlockWindowName = 'morning' | 'afternoon';

export interface BlockWindowState {
  open: boolean;
  window: BlockWindowName;
  tradingDate: string;
  opensAt: number;
  closesAt: number;
  serverTime: number;
}

export interface BlockRules {
  minQuantity: number;
  bandBps: number;
  bandPercent: string;
  lockDays: number;
  feeBps: number;
  morning: { start: string; end: string };
  afternoon: { start: string; end: string };
}

export interface BlockReference {
  price: string;
  basis: 'previous_close' | 'vwap' | 'last_price';
  tradingDate: string;
  window: BlockWindowName;
  sourceAt: number;
  bandLower: string;
  bandUpper: string;
  current: boolean;
}

export interface BlockInstrument {
  symbol: string;
  name: string;
  exchange: string;
  lastPrice: string | null;
  previousClose: string | null;
  reference: BlockReference | null;
}

export interface BlockList {
  window: BlockWindowState;
  rules: BlockRules;
  items: BlockInstrument[];
}

export interface BlockDetail {
  window: BlockWindowState;
  rules: BlockRules;
  item: BlockInstrument;
}

export interface BlockTrade {
  id: string;
  positionId: string;
  side: 'buy';
  symbol: string;
  name: string;
  tradingDate: string;
  window: BlockWindowName;
  quantity: number;
  limitPrice: string | null;
  referencePrice: string;
  bandLower: string;
  bandUpper: string;
  amount: string;
  fee: string;
  lockDays: number;
  lockUntil: number | null;
  placedAt: number;
  positionStatus: 'pending' | 'holding' | 'closed' | 'cancelled';
}

export interface BlockBuyBody {
  symbol: string;
  quantity: number;
  price?: string;
}

/** The list refreshes every 30 s, so a window that opens shows its references without a reload. */
export function useBlockList() {
  return useApiQuery<BlockList>('block/list', {}, { refetchInterval: 30_000 });
}

export function useBlockDetail(symbol: string | null) {
  return useApiQuery<BlockDetail>('block/detail', { symbol: symbol ?? '' }, { enabled: Boolean(symbol) });
}

export function useBlockOrders() {
  return useApiQuery<{ items: BlockTrade[]; nextCursor: string | null }>('block/orders', { limit: 50 });
}

/** Places a block buy; on success the block lists and every position list are read again. */
export function useBlockBuy(onPlaced: (result: { trade: BlockTrade; position: Position }) => void) {
  const queryClient = useQueryClient();
  return useApiMutation<{ trade: BlockTrade; position: Position }, BlockBuyBody>('block/buy', {
    silent: true,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('block/orders', { limit: 50 }) });
      void queryClient.invalidateQueries({ queryKey: ['api', 'trade/positions'] });
      void queryClient.invalidateQueries({ queryKey: ['api', 'user/getUserinfo'] });
      onPlaced(result);
    },
  });
}

/** The instrument the detail and order screens show (no path parameters in the spec's routes). */
export const BLOCK_SYMBOL_KEY = 'blockTrade';

export function rememberBlockSymbol(symbol: string): void {
  globalThis.localStorage?.setItem(BLOCK_SYMBOL_KEY, symbol);
}

export function rememberedBlockSymbol(): string | null {
  return globalThis.localStorage?.getItem(BLOCK_SYMBOL_KEY) ?? null;
}
