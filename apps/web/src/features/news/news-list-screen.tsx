import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { RefreshableList } from '../../components/refreshable-list';
import { useNewsList } from './api';
import { NewsRow } from './news-row';
import './news.css';
import { QueryState } from '../../components/query-state';

/** /home/newsList: published news in the current language, newest first; pull to refresh, load more. */
export default function NewsListScreen() {
  const { t } = useTranslation();
  const news = useNewsList();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="screen news-screen">
      <BackHeader fallbackPath="/home/index" />
      <QueryState query={news} errorMessage={news.error?.message}>
        {() => (
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
      </QueryState>
    </div>
  );
}
