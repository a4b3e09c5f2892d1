import type { QueryClient } from '@tanstack/react-query';
import { CONFIG_BODY, CONFIG_PATH } from '../api/app-config';
import type { CallBody, CallData, CallPath } from '../api/calls';
import { call } from '../api/client';
import { apiQueryKey } from '../api/hooks';
import { UNREAD_PATH } from '../api/unread-count';
import { INDICES_BODY, INDICES_PATH, INDICES_SHOWN } from '../features/market/api/get-indices';
import { SPARKLINE_PATH, sparklineBody } from '../features/market/api/get-sparkline';
import { FIRST_MARKET_LIST, marketListQuery } from '../features/market/api/market-data';
import { latestNewsQuery } from '../features/news/api';
import { POSITIONS_PATH, positionsBody } from '../features/trade/api';
import { detectLanguage } from '../i18n/language';
import { HOME_PATH } from '../lib/constants';
import { hasSession } from '../lib/session';
import { yieldToMain } from '../lib/yield-to-main';
import { SCREEN_ROUTES } from './screen-routes';

/** Starts one read: a promise that settles (never rejects) with the answer or undefined. */
type Read<T = unknown> = () => Promise<T | undefined>;

function apiRead<Path extends CallPath>(
  queryClient: QueryClient,
  path: Path,
  body: CallBody<Path>,
): Read<CallData<Path>> {
  return () =>
    queryClient
      .fetchQuery({
        queryKey: apiQueryKey(path, body),
        queryFn: ({ signal }) => call(path, body, { signal, silent: true }),
      })
      .catch(() => undefined);
}

/** The index bar's reads: the indices, then the trend lines of those it shows. */
function indexBarReads(queryClient: QueryClient): Read[] {
  const indices = async () => {
    const list = await apiRead(queryClient, INDICES_PATH, INDICES_BODY)();
    const lines: Promise<unknown>[] = [];
    for (const index of list?.slice(0, INDICES_SHOWN) ?? []) {
      await yieldToMain();
      lines.push(apiRead(queryClient, SPARKLINE_PATH, sparklineBody(index.symbol, index.exchange))());
    }
    await Promise.all(lines);
  };
  return [indices, apiRead(queryClient, UNREAD_PATH, {})];
}

/** The home screen's own reads: the holdings tab, the first market tab and the latest news. */
function homeReads(queryClient: QueryClient): Read[] {
  const { segment, sort, order } = FIRST_MARKET_LIST;
  return [
    apiRead(queryClient, POSITIONS_PATH, positionsBody('inventory')),
    () =>
      queryClient
        .prefetchInfiniteQuery(marketListQuery(segment, sort, order, { silent: true }))
        .catch(() => undefined),
    () => queryClient.prefetchQuery(latestNewsQuery(detectLanguage())),
  ];
}

/**
 * Starts loading the screen the app opens on (its code, the top index bar's code, and the reads of
 * its first render) at once, in parallel with the language catalogue, instead of one after the
 * other once React has rendered. Each request starts in a task of its own (starting one costs the
 * main thread a few milliseconds on a slow phone). The reads go into the cache under the keys the
 * screens use, so the first render has their answers and does not draw again as each one arrives.
 * Resolves when every read has settled; errors are left to the screens, which read again.
 */
export async function preloadFirstScreen(hash: string, queryClient: QueryClient): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] || '/login/start';
  const route = SCREEN_ROUTES.find((candidate) => candidate.path === path);
  const reads: Read[] = [apiRead(queryClient, CONFIG_PATH, CONFIG_BODY)];
  const loads: Read[] = [];
  if (route && (route.isPublic || hasSession())) {
    loads.push(route.load);
    if (route.indexBar) {
      loads.push(() => import('../app/shell/top-index-bar'));
      reads.push(...indexBarReads(queryClient));
    }
    if (route.path === HOME_PATH) reads.push(...homeReads(queryClient));
  }
  const started: Promise<unknown>[] = [];
  for (const start of [...loads, ...reads]) {
    started.push(start().catch(() => undefined));
    await yieldToMain();
  }
  await Promise.all(started);
}
