import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderSide } from '../api/positions';

/** The entry point to the buy form for a symbol (stock detail links here). */
export function buyPath(symbol: string, side: OrderSide = 'long'): string {
  return `/trade/index?${new URLSearchParams({ symbol, side }).toString()}`;
}

export function BuyButton({ symbol, side = 'long' }: { symbol: string; side?: OrderSide }) {
  const { t } = useTranslation();
  return (
    <Link className={`button trade-submit trade-submit--${side}`} to={buyPath(symbol, side)}>
      {t(side === 'long' ? 'trade.buy.openLong' : 'trade.buy.openShort')}
    </Link>
  );
}
