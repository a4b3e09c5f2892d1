import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { useFollowProducts } from './api';
import { ProductCard } from './follow-ui';
import './follow.css';

/** The products open to investors: the home screen's follow tab and the /home/fllow screen. */
export function FollowProductsPanel({ limit }: { limit?: number }) {
  const { t } = useTranslation();
  const products = useFollowProducts();
  return (
    <QueryState query={products}>
      {() => {
        const items = products.data?.items ?? [];
        if (items.length === 0) {
          return (
            <EmptyState message={t('follow.emptyProducts')} description={t('follow.emptyProductsBody')} />
          );
        }
        const shown = limit === undefined ? items : items.slice(0, limit);
        return (
          <>
            <ul className="card-list">
              {shown.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </ul>
            {limit !== undefined ? (
              <p className="follow-panel__links">
                <Link to="/home/fllow">{t('follow.allProducts')}</Link>
                <Link to="/home/qcList">{t('follow.myFollows')}</Link>
              </p>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}
