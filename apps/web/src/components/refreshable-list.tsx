import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_MORE_THRESHOLD_PX, PULL_COMPLETE_DELAY_MS, PULL_HEAD_HEIGHT_PX } from '../lib/constants';

// Hand-written instead of antd-mobile's PullToRefresh and InfiniteScroll: those bring a gesture and
// an animation library (about 25 KB gzip, and their start-up work) into every list screen, the home
// screen first. Touch events and a CSS transition do the pull; an IntersectionObserver the paging.

type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** How far the head follows the finger: less and less the further it goes (antd-mobile's rubber band). */
export function pullDistance(fingerMovePx: number): number {
  const dimension = PULL_HEAD_HEIGHT_PX * 5;
  const constant = 0.5;
  if (fingerMovePx <= 0) return 0;
  return (fingerMovePx * dimension * constant) / (dimension + constant * fingerMovePx);
}

/** Whether the element and every element around it are scrolled to their top (a pull may start). */
function isAtTop(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    if (node.scrollTop > 0) return false;
  }
  return window.scrollY <= 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The latest `value`, for listeners that live across renders (updated after each commit). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * The pull gesture on `area`: while the list is at its top, a downward drag opens the head (the
 * page does not scroll meanwhile); letting go past the head's height refreshes, shows "updated" for
 * 500 ms and closes the head.
 */
function usePullToRefresh(area: RefObject<HTMLDivElement | null>, onRefresh: () => Promise<unknown>) {
  const [height, setHeight] = useState(0);
  const [status, setStatus] = useState<PullStatus>('pulling');
  const [isDragging, setIsDragging] = useState(false);
  const onRefreshRef = useLatest(onRefresh);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;
    let isPulling = false;
    let isBusy = false;
    let distance = 0;

    const refresh = async () => {
      isBusy = true;
      setHeight(PULL_HEAD_HEIGHT_PX);
      setStatus('refreshing');
      try {
        await onRefreshRef.current();
        setStatus('complete');
        await sleep(PULL_COMPLETE_DELAY_MS);
      } catch {
        // The screen shows a failed read itself; the head just closes.
      } finally {
        setHeight(0);
        isBusy = false;
      }
    };

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = !isBusy && touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
      isPulling = false;
    };

    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      if (!isPulling) {
        // The gesture's first move decides: down and mostly vertical at the top is a pull, anything
        // else is the page's own scroll for the whole gesture.
        const isPull = dy > 0 && Math.abs(dy) > Math.abs(touch.clientX - start.x) && isAtTop(element);
        if (!isPull) {
          start = null;
          return;
        }
        isPulling = true;
        setIsDragging(true);
      }
      if (event.cancelable) event.preventDefault();
      distance = pullDistance(dy);
      setHeight(distance);
      setStatus(distance > PULL_HEAD_HEIGHT_PX ? 'canRelease' : 'pulling');
    };

    const onTouchEnd = () => {
      if (!isPulling) return;
      isPulling = false;
      start = null;
      setIsDragging(false);
      if (distance > PULL_HEAD_HEIGHT_PX) void refresh();
      else setHeight(0);
    };

    // Not passive: a pull must stop the page from scrolling (React's touch handlers are passive).
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchEnd);
    return () => {
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [area, onRefreshRef]);

  return { height, status, isDragging };
}

interface PullRefreshProps {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/** Pull down to refresh: a 50 px head and a 500 ms "updated" state, with translated texts. */
export function PullRefresh({ onRefresh, children }: PullRefreshProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const { height, status, isDragging } = usePullToRefresh(area, onRefresh);
  const texts: Record<PullStatus, string> = {
    pulling: t('refresh.pulling'),
    canRelease: t('refresh.release'),
    refreshing: t('refresh.refreshing'),
    complete: t('refresh.done'),
  };
  return (
    <div ref={area} className="pull-refresh">
      <div
        className={`pull-refresh__head${isDragging ? ' pull-refresh__head--dragging' : ''}`}
        style={{ height }}
      >
        <div className="pull-refresh__text" style={{ height: PULL_HEAD_HEIGHT_PX }}>
          {texts[status]}
        </div>
      </div>
      {children}
    </div>
  );
}

/**
 * A failed page: loadMore threw, or answered a TanStack Query result in error (fetchNextPage
 * resolves even when the page failed).
 */
function isFailure(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
}

/**
 * Calls `load` whenever `footer` comes within 300 px of the bottom of the screen's scrolling frame,
 * and again after each page while it is still that close (a short page leaves it in view).
 */
function useNearBottom(
  footer: RefObject<HTMLElement | null>,
  isEnabled: boolean,
  load: () => Promise<boolean>,
) {
  useEffect(() => {
    const element = footer.current;
    if (!isEnabled || !element || typeof IntersectionObserver === 'undefined') return;
    let isDisposed = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        void load().then((hasLoaded) => {
          if (isDisposed || !hasLoaded) return;
          // Observing again reports the footer's position afresh, so a footer still in reach loads on.
          observer.unobserve(element);
          observer.observe(element);
        });
      },
      {
        // The screen scrolls in its frame (app/shell/keep-alive-outlet.tsx), not the page.
        root: element.closest('.screen-frame'),
        rootMargin: `0px 0px ${LOAD_MORE_THRESHOLD_PX}px 0px`,
      },
    );
    observer.observe(element);
    return () => {
      isDisposed = true;
      observer.disconnect();
    };
  }, [footer, isEnabled, load]);
}

interface LoadMoreProps {
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
}

/** Loads the next page when the list's end comes within 300 px; a failed page offers a retry. */
export function LoadMore({ hasMore, loadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  const footer = useRef<HTMLDivElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const isLoading = useRef(false);
  const loadMoreRef = useLatest(loadMore);

  /** Loads one page (unless one is on its way); answers whether it arrived. */
  const load = useCallback(async () => {
    if (isLoading.current) return false;
    isLoading.current = true;
    let hasLoaded = false;
    try {
      hasLoaded = !isFailure(await loadMoreRef.current());
    } catch {
      // A page that threw has failed: hasLoaded stays false.
    } finally {
      isLoading.current = false;
    }
    setHasFailed(!hasLoaded);
    return hasLoaded;
  }, [loadMoreRef]);

  useNearBottom(footer, hasMore && !hasFailed, load);

  return (
    <div ref={footer} className="load-more">
      {hasFailed ? (
        <button type="button" className="link-button" onClick={() => void load()}>
          {t('list.loadFailed')}
        </button>
      ) : (
        <span className="list-footer">{hasMore ? t('list.loading') : t('list.noMore')}</span>
      )}
    </div>
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
