import { useApiQuery } from '../../../api/hooks';

/** A market index as parameter/zhishu answers it; prices are decimal strings. */
export interface MarketIndex {
  name: string;
  symbol: string;
  exchange: string;
  price: string;
  /** Change in percent. */
  gain: string | number;
  /** Change in points. */
  gainValue: string | number;
  close: string;
  prev_close: string;
  details?: { ko_name?: string };
  code: string;
  simulated?: boolean;
  time?: number;
}

export const INDICES_PATH = 'parameter/zhishu';
export const INDICES_BODY = { type: 'inr' } as const;
/** The index bar shows the first three indices, each with its trend line. */
export const INDICES_SHOWN = 3;

export function useMarketIndices() {
  return useApiQuery<MarketIndex[]>(INDICES_PATH, INDICES_BODY, { refetchInterval: 15_000 });
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
