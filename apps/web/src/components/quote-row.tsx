import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/money';
import { PriceChange } from './price-change';

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
function QuoteRowView({ item, onOpen, leading, trailing }: QuoteRowProps) {
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

function sameRow(before: QuoteRowProps, after: QuoteRowProps): boolean {
  const a = before.item;
  const b = after.item;
  return (
    a.symbol === b.symbol &&
    a.name === b.name &&
    a.price === b.price &&
    a.change === b.change &&
    a.changeRate === b.changeRate &&
    before.onOpen === after.onOpen &&
    before.leading === after.leading &&
    before.trailing === after.trailing
  );
}

/**
 * Memoised on the row's shown fields: when a batch of live prices arrives, only the rows whose
 * price moved are drawn again, not the whole list (the list builds a fresh item object per render).
 */
export const QuoteRow = memo(QuoteRowView, sameRow);
