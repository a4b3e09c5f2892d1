import type { CallData } from './calls';
import { useApiQuery } from './hooks';

export type MarketDepth = CallData<'market/depth'>;
export type DepthLevel = MarketDepth['bids'][number];

/** Five levels a side, simulated by the server around the last price; refreshed every 5 s. */
export function useDepth(symbol: string, enabled = true) {
  return useApiQuery(
    'market/depth',
    { symbol },
    { enabled: enabled && symbol !== '', refetchInterval: 5_000 },
  );
}
