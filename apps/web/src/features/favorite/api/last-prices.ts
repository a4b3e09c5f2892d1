import type { CallData } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';

export type LastPrice = CallData<'market/lastPrices'>[number];

/** Last prices of a watchlist's symbols in one call (symbols without a quote are left out). */
export function useLastPrices(symbols: readonly string[]) {
  return useApiQuery(
    'market/lastPrices',
    { symbols: symbols.slice(0, 200) },
    { enabled: symbols.length > 0, staleTime: 5_000 },
  );
}
