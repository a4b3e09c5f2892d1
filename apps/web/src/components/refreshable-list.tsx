import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_MORE_THRESHOLD_PX, PULL_COMPLETE_DELAY_MS, PULL_HEAD_HEIGHT_PX } from '../lib/constants';

interface PullRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/** Pull down to refresh: a 50 px head and a 500 ms "updated" state, with translated texts. */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      headHeight={PULL_HEAD_HEIGHT_PX}
      threshold={PULL_HEAD_HEIGHT_PX}
      completeDelay={PULL_COMPLETE_DELAY_MS}
      pullingText={t('refresh.pulling')}
      canReleaseText={t('refresh.release')}
      refreshingText={t('refresh.refreshing')}
      completeText={t('refresh.done')}
    >
      {children}
    </PullToRefresh>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
}

/** Loads the next page when the list's end comes within 300 px; a failed page offers a retry. */
export function LoadMore({ hasMore, loadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={hasMore}
      threshold={LOAD_MORE_THRESHOLD_PX}
      loadMore={async () => {
        await loadMore();
      }}
    >
      {(more, failed, retry) => {
        if (failed) {
          return (
            <button type="button" className="link-button" onClick={() => void retry()}>
              {t('list.loadFailed')}
            </button>
          );
        }
        return <span className="list-footer">{more ? t('list.loading') : t('list.noMore')}</span>;
      }}
    </InfiniteScroll>
  );
}

interface RefreshableListProps extends LoadMoreProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/** The list screens' frame: pull to refresh at the top, load more at the bottom. */
export function RefreshableList({ onRefresh, hasMore, loadMore, children }: RefreshableListProps) {
  return (
    <PullRefresh onRefresh={onRefresh}>
      {children}
      <LoadMore hasMore={hasMore} loadMore={loadMore} />
    </PullRefresh>
  );
}
