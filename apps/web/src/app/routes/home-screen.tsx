import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons';
import { InlineLoading } from '../../components/loading-overlay';
import { TabStrip } from '../../components/tab-strip';
import { MarketListPanel } from '../../features/market/components/market-list-panel';
import { LatestNewsCard } from '../../features/news/latest-news-card';
import { HoldingsHomePanel } from '../../features/trade/holdings-home-panel';

const PRODUCT_TABS = ['inventory', 'ipo', 'blockDeal', 'follow'] as const;
type ProductTab = (typeof PRODUCT_TABS)[number];
type LazyTab = Exclude<ProductTab, 'inventory'>;

// The IPO, block deal and follow tabs load their code the first time they are touched, not with
// the home screen: the inventory tab is the one that opens, and the first screen stays small.
const loadPanel: Record<LazyTab, () => Promise<{ default: ComponentType }>> = {
  ipo: () =>
    import('../../features/new-stock/ipo-home-panel').then((module) => ({ default: module.IpoHomePanel })),
  blockDeal: () =>
    import('../../features/block/block-deal-panel').then((module) => ({ default: module.BlockDealPanel })),
  follow: () =>
    import('../../features/follow/follow-products-panel').then((module) => ({
      default: () => <module.FollowProductsPanel limit={3} />,
    })),
};

const PANELS: Record<LazyTab, ComponentType> = {
  ipo: lazy(loadPanel.ipo),
  blockDeal: lazy(loadPanel.blockDeal),
  follow: lazy(loadPanel.follow),
};

function ProductPanel({ tab }: { tab: ProductTab }) {
  if (tab === 'inventory') return <HoldingsHomePanel />;
  const Panel = PANELS[tab];
  return (
    <Suspense fallback={<InlineLoading />}>
      <Panel />
    </Suspense>
  );
}

/**
 * The home screen under the index bar: the product tabs (the investor's holdings, IPOs open now,
 * block deals, copy-trading products), the check-in link, the latest news and the market tabs.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const [product, setProduct] = useState<ProductTab>('inventory');
  return (
    <div className="screen home-screen">
      <section className="card product-card">
        <TabStrip
          label={t('home.products')}
          modifier="tab-strip--compact"
          tabs={PRODUCT_TABS}
          selected={product}
          onSelect={setProduct}
          labelOf={(option) => t(`home.product.${option}`)}
          // A touch starts loading the tab's code; the click that follows shows it.
          onTabPointerDown={(option) => {
            if (option !== 'inventory') void loadPanel[option]().catch(() => undefined);
          }}
        />
        <div role="tabpanel" className="product-card__panel">
          <ProductPanel tab={product} />
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
