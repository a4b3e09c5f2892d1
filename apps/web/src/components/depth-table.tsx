import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepth } from '../api/market-depth';
import { formatMoney } from '../lib/money';

const shares = new Intl.NumberFormat('en-IN');

/** Market depth: five simulated levels a side (stock detail, and a watchlist row's quick actions). */
export function DepthTable({ symbol, className = 'card depth' }: { symbol: string; className?: string }) {
  const { t } = useTranslation();
  const depth = useDepth(symbol);
  const titleId = useId();
  if (!depth.data) return null;
  const { bids, asks } = depth.data;
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {t('market.depth.title')} <span className="tag tag--pending">{t('market.depth.simulated')}</span>
      </h2>
      <p className="screen__hint">{t('market.depth.hint')}</p>
      <table className="depth__table">
        <thead>
          <tr>
            <th scope="col">{t('market.depth.bid')}</th>
            <th scope="col">{t('market.depth.quantity')}</th>
            <th scope="col">{t('market.depth.ask')}</th>
            <th scope="col">{t('market.depth.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: Math.max(bids.length, asks.length) }, (_, level) => {
            const bid = bids[level];
            const ask = asks[level];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: levels are positions
              <tr key={level}>
                <td className="depth__bid">{bid ? formatMoney(bid.price) : ''}</td>
                <td>{bid ? shares.format(bid.quantity) : ''}</td>
                <td className="depth__ask">{ask ? formatMoney(ask.price) : ''}</td>
                <td>{ask ? shares.format(ask.quantity) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
