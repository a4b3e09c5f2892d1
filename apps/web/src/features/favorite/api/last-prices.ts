import { useApiQuery } from '../../../api/hooks';

export interface LastPrice {
  symbol: string;
  price: string;
  change: string;
  changeRate: number;
  time: number;
  simulated: boolean;
}

/** Last prices of a watchlist's symbols in one call (symbols without a quote are left out). */
export function useLastPrices(symbols: readonly string[]) {
  return useApiQuery<LastPrice[]>(
    'market/lastPrices',
    { symbols: symbols.slice(0, 200) },
    { enabled: symbols.length > 0, staleTime: 5_000 },
  );
}
