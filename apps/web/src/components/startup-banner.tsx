import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchServerStartup } from '../api/server-startup';
import './startup-banner.css';

const POLL_MS = 2_000;

/**
 * A banner while the server is still making the market's history on its first start; when the
 * market is ready, every query is read again so prices and charts fill in without a reload.
 */
export function StartupBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['server-startup'],
    queryFn: fetchServerStartup,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.ready === false ? POLL_MS : false),
  });
  const wasStarting = useRef(false);
  useEffect(() => {
    if (data?.ready === false) wasStarting.current = true;
    else if (data?.ready && wasStarting.current) {
      wasStarting.current = false;
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'server-startup' });
    }
  }, [data, queryClient]);
  if (!data || data.ready) return null;
  return (
    <div className="startup-banner" role="status" aria-live="polite">
      {t('market.startingUp', { percent: data.percent })}
    </div>
  );
}
