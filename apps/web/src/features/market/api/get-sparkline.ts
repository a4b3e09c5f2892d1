import type { CallBody, CallData, CallPath } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { KLINE_POINTS_USED } from '../../../lib/constants';

export type KlinePoint = CallData<'trade/kline'>[number];

export const SPARKLINE_PATH = 'trade/kline' satisfies CallPath;

export function sparklineBody(symbol: string, exchange: string): CallBody<'trade/kline'> {
  return { symbol, type: 'inr', exchange, kline_type: 1 };
}

/** The last 100 closing prices of a symbol, for a small trend line. */
export function useSparkline(symbol: string, exchange: string) {
  return useApiQuery(SPARKLINE_PATH, sparklineBody(symbol, exchange), {
    enabled: symbol !== '',
    staleTime: 60_000,
    select: (points) => points.slice(-KLINE_POINTS_USED).map((point) => Number(point.close)),
  });
}
