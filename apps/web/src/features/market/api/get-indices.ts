import type { CallBody, CallData, CallPath } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';

/** A market index as parameter/zhishu answers it; prices are decimal strings. */
export type MarketIndex = CallData<'parameter/zhishu'>[number];

export const INDICES_PATH = 'parameter/zhishu' satisfies CallPath;
export const INDICES_BODY: CallBody<'parameter/zhishu'> = { type: 'inr' };
/** The index bar shows the first three indices, each with its trend line. */
export const INDICES_SHOWN = 3;

export function useMarketIndices() {
  return useApiQuery(INDICES_PATH, INDICES_BODY, { refetchInterval: 15_000 });
}

/**
 * The change in percent, as the spec defines it: (close − previous close) ÷ previous close × 100,
 * to 2 decimals. For display only; falls back to the server's gain when a price is missing.
 */
export function indexChangePercent(index: Pick<MarketIndex, 'close' | 'prev_close' | 'gain'>): string {
  const close = Number(index.close);
  const previousClose = Number(index.prev_close);
  if (index.close !== '' && Number.isFinite(close) && Number.isFinite(previousClose) && previousClose !== 0) {
    return (((close - previousClose) / previousClose) * 100).toFixed(2);
  }
  const gain = Number(index.gain);
  return Number.isFinite(gain) ? gain.toFixed(2) : '0.00';
}
