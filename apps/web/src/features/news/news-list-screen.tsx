import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { RefreshableList } from '../../components/refreshable-list';
import { formatIstDateTime } from '../../lib/date-time';
import { type NewsSummary, useNewsList } from './api';
import './news.css';

/** One row of a news list: cover (when there is one), title, summary and publish time. */
export function NewsRow({ item, isCompact = false }: { item: NewsSummary; isCompact?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <li className={`news-row${isCompact ? ' news-row--compact' : ''}`}>
      <Link to={`/home/newsDetail?id=${encodeURIComponent(item.id)}`} className="news-row__link">
        <div className="news-row__text">
          <p className="news-row__title">{item.title}</p>
          {isCompact ? null : <p className="news-row__summary">{item.summary}</p>}
          <p className="news-row__time">{formatIstDateTime(item.publishedAt, i18n.language)}</p>
        </div>
        {item.coverUrl ? (
          <img
            className="news-row__cover"
            src={item.coverUrl}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
          />
        ) : null}
      </Link>
    </li>
  );
}

/** /home/newsList: published news in the current language, newest first; pull to refresh, load more. */
export default function NewsListScreen() {
  const { t } = useTranslation();
  const news = useNewsList();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="screen news-screen">
      <BackHeader fallbackPath="/home/index" />
      {news.isPending ? (
        <InlineLoading />
      ) : news.isError ? (
        <NetworkError
          onRetry={() => void news.refetch()}
          isRetrying={news.isFetching}
          message={news.error.message}
        />
      ) : (
        <RefreshableList
          onRefresh={() => news.refetch()}
          hasMore={news.hasNextPage}
          loadMore={async () => {
            // A failed page must reject so the list offers its retry.
            const result = await news.fetchNextPage();
            if (result.isError) throw result.error;
          }}
        >
          {items.length === 0 ? (
            <EmptyState message={t('news.empty')} description={t('news.emptyBody')} />
          ) : (
            <ul className="news-list" aria-label={t('news.listLabel')}>
              {items.map((item) => (
                <NewsRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </RefreshableList>
      )}
    </div>
  );
}
