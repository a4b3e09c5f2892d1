import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { CheckIcon } from '../../components/icons';
import { BlockDealPanel } from '../block/block-deal-panel';
import { FollowProductsPanel } from '../follow/follow-products-panel';
import { IpoHomePanel } from '../new-stock/ipo-home-panel';
import { LatestNewsCard } from '../news/latest-news-card';
import { MarketListPanel } from './components/market-list-panel';

const PRODUCT_TABS = ['inventory', 'ipo', 'blockDeal', 'follow'] as const;
type ProductTab = (typeof PRODUCT_TABS)[number];

/**
 * The home screen under the index bar: the product tabs (inventory, IPO, block deal, follow), whose
 * services come with their own issues and show the empty state until then, and the market tabs.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const [product, setProduct] = useState<ProductTab>('inventory');
  return (
    <div className="screen home-screen">
      <section className="card product-card">
        <div className="tab-strip tab-strip--compact" role="tablist" aria-label={t('home.products')}>
          {PRODUCT_TABS.map((option) => (
            <button
              key={option}
              type="button"
              role="tab"
              aria-selected={option === product}
              className={`tab-strip__tab${option === product ? ' tab-strip__tab--active' : ''}`}
              onClick={() => setProduct(option)}
            >
              {t(`home.product.${option}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="product-card__panel">
          {product === 'blockDeal' ? (
            <BlockDealPanel />
          ) : product === 'follow' ? (
            <FollowProductsPanel limit={3} />
          ) : product === 'ipo' ? (
            <IpoHomePanel />
          ) : (
            <EmptyState message={t('home.productEmpty')} description={t('home.productEmptyBody')} />
          )}
        </div>
      </section>
      <Link to="/home/checkIn" className="card home-checkin-link">
        <CheckIcon size={20} />
        <span>{t('checkin.homeLink')}</span>
      </Link>
      <LatestNewsCard />
      <MarketListPanel />
    </div>
  );
}
