import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceChange } from '../../../components/price-change';
import { formatMoney } from '../../../lib/money';

/** A change given only in percent (search results): the same colours and arrows. */
function PercentChange({ rate }: { rate: number }) {
  const { t } = useTranslation();
  const direction = rate < 0 ? 'down' : 'up';
  return (
    <span className={`price-change price-change--${direction}`}>
      <span className="price-change__arrow" aria-hidden="true">
        {direction === 'up' ? '▲' : '▼'}
      </span>
      <span className="visually-hidden">{t(direction === 'up' ? 'price.up' : 'price.down')} </span>
      {direction === 'up' ? '+' : '-'}
      {Math.abs(rate).toFixed(2)}%
    </span>
  );
}

export interface QuoteRowData {
  symbol: string;
  name: string;
  price?: string | undefined;
  change?: string | undefined;
  changeRate?: number | undefined;
}

interface QuoteRowProps {
  item: QuoteRowData;
  onOpen: (item: QuoteRowData) => void;
  /** Something before the name, e.g. a checkbox when editing. */
  leading?: ReactNode;
  trailing?: ReactNode;
}

/** One instrument in a list: name and symbol, last price, change with its arrow. Absent fields show a dash. */
export function QuoteRow({ item, onOpen, leading, trailing }: QuoteRowProps) {
  const { t } = useTranslation();
  return (
    <li className="quote-row">
      {leading}
      <button
        type="button"
        className="quote-row__main"
        onClick={() => onOpen(item)}
        aria-label={t('market.openStock', { name: item.name, symbol: item.symbol })}
      >
        <span className="quote-row__names">
          <span className="quote-row__name">{item.name}</span>
          {item.name !== item.symbol ? <span className="quote-row__symbol">{item.symbol}</span> : null}
        </span>
        <span className="quote-row__price">{item.price === undefined ? '—' : formatMoney(item.price)}</span>
        <span className="quote-row__change">
          {item.change !== undefined ? (
            <PriceChange change={item.change} percent={item.changeRate?.toFixed(2)} />
          ) : item.changeRate !== undefined ? (
            <PercentChange rate={item.changeRate} />
          ) : (
            '—'
          )}
        </span>
      </button>
      {trailing}
    </li>
  );
}
