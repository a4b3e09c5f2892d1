import { useQueryClient } from '@tanstack/react-query';
import type { CallBody, CallData } from '../../api/calls';
import { apiQueryKey, callKey, useApiMutation, useApiQuery } from '../../api/hooks';

// Shapes of the block calls, from their definitions (packages/contract calls/block.ts).

export type BlockList = CallData<'block/list'>;
export type BlockDetail = CallData<'block/detail'>;
export type BlockWindowState = BlockList['window'];
export type BlockWindowName = BlockWindowState['window'];
export type BlockRules = BlockList['rules'];
export type BlockInstrument = BlockList['items'][number];
export type BlockReference = NonNullable<BlockInstrument['reference']>;
export type BlockTrade = CallData<'block/orders'>['items'][number];
export type BlockBuyBody = CallBody<'block/buy'>;

/** The list refreshes every 30 s, so a window that opens shows its references without a reload. */
export function useBlockList() {
  return useApiQuery('block/list', {}, { refetchInterval: 30_000 });
}

export function useBlockDetail(symbol: string | null) {
  return useApiQuery('block/detail', { symbol: symbol ?? '' }, { enabled: Boolean(symbol) });
}

export function useBlockOrders() {
  return useApiQuery('block/orders', { limit: 50 });
}

/** Places a block buy; on success the block lists and every position list are read again. */
export function useBlockBuy(onPlaced: (result: CallData<'block/buy'>) => void) {
  const queryClient = useQueryClient();
  return useApiMutation('block/buy', {
    silent: true,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('block/orders', { limit: 50 }) });
      void queryClient.invalidateQueries({ queryKey: callKey('trade/positions') });
      void queryClient.invalidateQueries({ queryKey: callKey('user/getUserinfo') });
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
