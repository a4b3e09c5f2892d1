import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../api/client';
import { apiQueryKey } from '../api/hooks';
import { CONFIG_BODY, CONFIG_PATH } from '../features/app-config/api/get-config';
import { hasSession } from '../lib/session';
import { SCREEN_ROUTES } from './routes';

/**
 * Starts loading the screen the app opens on (its code, the top index bar's code, and the reads
 * every screen makes first) at once, in parallel with the language catalogue, instead of one after
 * the other once React has rendered. Errors are left to the screens, which fetch again.
 */
export function preloadFirstScreen(hash: string, queryClient: QueryClient): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/login/start';
  const route = SCREEN_ROUTES.find((candidate) => candidate.path === path);
  const prefetch = (apiPath: string, body: object) =>
    void queryClient.prefetchQuery({
      queryKey: apiQueryKey(apiPath, body),
      queryFn: ({ signal }) => apiPost(apiPath, body, { signal, silent: true }),
    });
  prefetch(CONFIG_PATH, CONFIG_BODY);
  if (!route || (!route.isPublic && !hasSession())) return;
  void route.load().catch(() => undefined);
  if (route.indexBar) {
    void import('../features/shell/top-index-bar').catch(() => undefined);
    prefetch('parameter/zhishu', { type: 'inr' });
  }
}
