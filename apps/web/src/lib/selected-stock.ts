/**
 * The spec hands the selected stock to the detail screens through local storage under the key
 * stockDetail (no route has parameters). The value is JSON: {symbol, name?, exchange?}.
 */
export const SELECTED_STOCK_KEY = 'stockDetail';

export interface SelectedStock {
  symbol: string;
  name?: string;
  exchange?: string;
}

export function storeSelectedStock(stock: SelectedStock): void {
  try {
    localStorage.setItem(SELECTED_STOCK_KEY, JSON.stringify(stock));
  } catch {
    // Private mode without storage: the detail screen then shows its empty state.
  }
}

export function readSelectedStock(): SelectedStock | null {
  try {
    const raw = localStorage.getItem(SELECTED_STOCK_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && typeof (parsed as SelectedStock).symbol === 'string') {
      const { symbol, name, exchange } = parsed as SelectedStock;
      if (/^[A-Za-z0-9&_-]{1,32}$/.test(symbol)) {
        return { symbol, ...(name ? { name } : {}), ...(exchange ? { exchange } : {}) };
      }
    }
    return null;
  } catch {
    return null;
  }
}

/** Index symbols open the index detail screen; everything else the stock detail. */
export const INDEX_SYMBOLS = new Set(['NIFTY50', 'SENSEX', 'NIFTYBANK']);

export function detailPathOf(symbol: string): string {
  return INDEX_SYMBOLS.has(symbol.toUpperCase()) ? '/market/stockDetailzs' : '/market/stockDetail';
}
