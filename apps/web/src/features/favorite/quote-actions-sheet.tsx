import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BottomPopup } from '../../components/bottom-popup';
import { buyPath } from '../../components/buy-button';
import { DepthTable } from '../../components/depth-table';
import { PriceChange } from '../../components/price-change';
import type { QuoteRowData } from '../../components/quote-row';
import { formatMoney } from '../../lib/money';
import { detailPathOf, storeSelectedStock } from '../../lib/selected-stock';

/** Where the price alerts screen is, with the symbol it opens its form on. */
export function alertPathOf(symbol: string): string {
  return `/information/alerts?${new URLSearchParams({ symbol }).toString()}`;
}

interface QuoteActionsSheetProps {
  item: QuoteRowData;
  onClose: () => void;
}

/**
 * A watchlist row's quick actions, as Kite opens them on a tap: buy, sell, the market depth (shown
 * in the sheet), the chart (the detail's chart full screen), a price alert, and the detail.
 */
export function QuoteActionsSheet({ item, onClose }: QuoteActionsSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [showsDepth, setShowsDepth] = useState(false);
  const openDetail = (fullScreenChart: boolean) => {
    storeSelectedStock({ symbol: item.symbol, ...(item.name !== item.symbol ? { name: item.name } : {}) });
    navigate(detailPathOf(item.symbol), fullScreenChart ? { state: { fullScreenChart: true } } : undefined);
  };
  return (
    <BottomPopup className="quote-sheet" onClose={onClose}>
      <div role="dialog" aria-modal="true" aria-label={t('favorite.actions.title', { symbol: item.symbol })}>
        <div className="quote-sheet__header">
          <div className="quote-sheet__names">
            <h2 className="quote-sheet__symbol">{item.symbol}</h2>
            {item.name !== item.symbol ? <span className="quote-sheet__name">{item.name}</span> : null}
          </div>
          <div className="quote-sheet__quote">
            <span className="quote-sheet__price">
              {item.price === undefined ? '—' : formatMoney(item.price)}
            </span>
            {item.change !== undefined ? (
              <PriceChange change={item.change} percent={item.changeRate?.toFixed(2)} />
            ) : null}
          </div>
        </div>
        <div className="quote-sheet__trade">
          <Link className="button trade-submit trade-submit--long" to={buyPath(item.symbol, 'long')}>
            {t('favorite.actions.buy')}
          </Link>
          <Link className="button trade-submit trade-submit--short" to={buyPath(item.symbol, 'short')}>
            {t('favorite.actions.sell')}
          </Link>
        </div>
        <ul className="choice-list quote-sheet__actions">
          <li>
            <button
              type="button"
              className="choice-list__item"
              aria-expanded={showsDepth}
              onClick={() => setShowsDepth((shown) => !shown)}
            >
              {t('favorite.actions.depth')}
            </button>
          </li>
          {showsDepth ? (
            <li>
              <DepthTable symbol={item.symbol} className="depth quote-sheet__depth" />
            </li>
          ) : null}
          <li>
            <button type="button" className="choice-list__item" onClick={() => openDetail(true)}>
              {t('favorite.actions.chart')}
            </button>
          </li>
          <li>
            <Link className="choice-list__item" to={alertPathOf(item.symbol)}>
              {t('favorite.actions.alert')}
            </Link>
          </li>
          <li>
            <button type="button" className="choice-list__item" onClick={() => openDetail(false)}>
              {t('favorite.actions.details')}
            </button>
          </li>
        </ul>
        <button type="button" className="button button--secondary button--block" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </BottomPopup>
  );
}
