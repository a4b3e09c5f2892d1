import type { CallBody, CallData, CallPath } from '../../api/calls';
import { useApiQuery, useFormMutation, useRefreshCalls } from '../../api/hooks';
import type { OrderType } from '../../api/positions';

// Shapes of the trading calls, from their definitions (packages/contract calls/trade.ts, market.ts).

export type PositionsPage = CallData<'trade/positions'>;
export type PositionsTab = CallBody<'trade/positions'>['tab'];
export const POSITION_TABS: readonly PositionsTab[] = [
  'pending',
  'holding',
  'ended',
  'inventory',
  'crypto_forex',
];
export const ORDER_TYPES: readonly OrderType[] = ['market', 'limit', 'sl', 'sl-m'];

/** What the buy form needs of `market/quote`. */
export type InstrumentQuote = CallData<'market/quote'>;
export type SearchHit = CallData<'market/search'>[number];
export type PlaceOrderBody = CallBody<'trade/open'>;
export type DayTradingStatus = CallData<'dayTrading/status'>;

export function useInstrumentQuote(symbol: string | null) {
  return useApiQuery('market/quote', { symbol: symbol ?? '' }, { enabled: Boolean(symbol) });
}

export function useSymbolSearch(q: string) {
  return useApiQuery('market/search', { q }, { enabled: q.length > 0 });
}

export const POSITIONS_PATH = 'trade/positions' satisfies CallPath;

/** The body of a positions page read: the portfolio's tabs and home's holdings share it (and the cache). */
export const positionsBody = (tab: PositionsTab): CallBody<'trade/positions'> => ({ tab, limit: 50 });

export function usePositions(tab: PositionsTab) {
  return useApiQuery(POSITIONS_PATH, positionsBody(tab));
}

export function usePositionDetail(id: string) {
  return useApiQuery('trade/positionDetail', { id }, { enabled: /^\d{1,19}$/.test(id) });
}

export function useDayTradingStatus() {
  return useApiQuery('dayTrading/status', {});
}

/** Forgets every cached position list and detail, and the account figures they change. */
export function useRefreshTrading() {
  return useRefreshCalls(['trade/positions', 'trade/positionDetail', 'user/getUserinfo']);
}

/**
 * A trading write (open, cancel, close, day-trading apply): one Idempotency-Key per submission, the
 * refusal shown by the screen in the current language (not toasted twice), the lists refreshed after.
 */
export function useTradeMutation<Path extends CallPath>(
  path: Path,
  onSuccess?: (data: CallData<Path>) => void,
) {
  return useFormMutation(path, useRefreshTrading(), onSuccess);
}
