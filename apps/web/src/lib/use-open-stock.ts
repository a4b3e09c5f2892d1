import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { detailPathOf, storeSelectedStock } from './selected-stock';

/** Stores the tapped instrument under stockDetail and opens its detail screen. */
export function useOpenStock() {
  const navigate = useNavigate();
  return useCallback(
    (stock: { symbol: string; name?: string; exchange?: string }) => {
      storeSelectedStock({
        symbol: stock.symbol,
        ...(stock.name ? { name: stock.name } : {}),
        ...(stock.exchange ? { exchange: stock.exchange } : {}),
      });
      navigate(detailPathOf(stock.symbol));
    },
    [navigate],
  );
}
