import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import type { OrderSide, OrderType, Position } from '../../api/positions';

// Shapes of the trading calls (docs/api.md "Trading"; packages/contract calls/trade.ts, market.ts).

export type PositionsTab = 'pending' | 'holding' | 'ended' | 'inventory' | 'crypto_forex';
export const POSITION_TABS: readonly PositionsTab[] = [
  'pending',
  'holding',
  'ended',
  'inventory',
  'crypto_forex',
];
export const ORDER_TYPES: readonly OrderType[] = ['market', 'limit', 'sl', 'sl-m'];

export interface PositionsPage {
  items: Position[];
  nextCursor: string | null;
}

/** What the buy form needs of `market/quote`. */
export interface InstrumentQuote {
  symbol: string;
  code: string;
  name: string;
  exchange: string;
  segment: string;
  price?: string;
  change?: string;
  changeRate?: number;
  tickSize: string;
  lotSize: number;
  priceBand?: { lower: string; upper: string };
  leverages: number[];
  shortable: boolean;
  tradable: boolean;
  simulated: boolean;
  time?: number;
}

export interface SearchHit {
  symbol: string;
  name: string;
  exchange: string;
  segment: string;
  price?: string;
  changeRate?: number;
}

export interface PlaceOrderBody {
  symbol: string;
  side: OrderSide;
  orderType: OrderType;
  quantity: number;
  leverage: number;
  price?: string;
  triggerPrice?: string;
  intraday?: boolean;
}

export interface DayTradingStatus {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  appliedAt: number | null;
  decidedAt: number | null;
  reason: string | null;
  rules: { squareOffTime: string; stopOutPercent: string };
}

export function useInstrumentQuote(symbol: string | null) {
  return useApiQuery<InstrumentQuote>('market/quote', { symbol: symbol ?? '' }, { enabled: Boolean(symbol) });
}

export function useSymbolSearch(q: string) {
  return useApiQuery<SearchHit[]>('market/search', { q }, { enabled: q.length > 0 });
}

export const POSITIONS_PATH = 'trade/positions';

/** The body of a positions page read: the portfolio's tabs and home's holdings share it (and the cache). */
export const positionsBody = (tab: PositionsTab) => ({ tab, limit: 50 });

export function usePositions(tab: PositionsTab) {
  return useApiQuery<PositionsPage>(POSITIONS_PATH, positionsBody(tab));
}

export function usePositionDetail(id: string) {
  return useApiQuery<Position>('trade/positionDetail', { id }, { enabled: /^\d{1,19}$/.test(id) });
}

export function useDayTradingStatus() {
  return useApiQuery<DayTradingStatus>('dayTrading/status');
}

/** Forgets every cached position list and detail, and the account figures they change. */
export function useRefreshTrading() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['api', 'trade/positions'] });
    void queryClient.invalidateQueries({ queryKey: ['api', 'trade/positionDetail'] });
    void queryClient.invalidateQueries({ queryKey: ['api', 'user/getUserinfo'] });
  };
}

/**
 * A trading write (open, cancel, close, day-trading apply): one Idempotency-Key per submission, the
 * refusal shown by the screen in the current language (not toasted twice), the lists refreshed after.
 */
export function useTradeMutation<TData, TBody extends object>(
  path: string,
  onSuccess?: (data: TData) => void,
) {
  const refresh = useRefreshTrading();
  return useApiMutation<TData, TBody>(path, {
    silent: true,
    onSuccess: (data) => {
      refresh();
      onSuccess?.(data);
    },
  });
}
