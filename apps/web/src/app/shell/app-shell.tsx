import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useAppConfig } from '../../api/app-config';
import { notifyUser } from '../../api/client';
import { usePriceAlertToasts } from '../../api/price-alert-toasts';
import { PaperBanner } from '../../components/paper-banner';
import { installBackExitGuard, isStandaloneDisplay } from '../../lib/back-exit';
import { LOGIN_PATH } from '../../lib/constants';
import { hasSession } from '../../lib/session';
import { currentHandle, KeepAliveOutlet } from './keep-alive-outlet';
import { TAB_PATHS, TabBar } from './tab-bar';
import { useDocumentBranding } from './use-document-branding';

// The index bar pulls the market queries and the sparkline; screens without it never load it.
const TopIndexBar = lazy(() => import('./top-index-bar'));

/** Screens where the system back button may close the installed app. */
const EXIT_PATHS = new Set([...TAB_PATHS, LOGIN_PATH]);

function useBackExitGuard(pathname: string): void {
  const { t } = useTranslation();
  const isExitScreen = EXIT_PATHS.has(pathname);
  useEffect(() => {
    if (!isExitScreen || !isStandaloneDisplay()) return;
    return installBackExitGuard({ onFirstPress: () => notifyUser(t('common.pressBackAgain')) });
  }, [isExitScreen, t]);
}

/** The app's frame: top index bar and tab bar where the route asks for them, and the screen between. */
export function AppShell() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = currentHandle(matches);
  const config = useAppConfig();
  useDocumentBranding(config.data);
  useBackExitGuard(pathname);
  usePriceAlertToasts();

  if (!handle.isPublic && !hasSession()) return <Navigate to={LOGIN_PATH} replace />;

  return (
    <div className="app-shell">
      {handle.isPublic ? null : <PaperBanner />}
      {handle.indexBar ? (
        <Suspense fallback={<div className="index-bar index-bar--placeholder" />}>
          <TopIndexBar />
        </Suspense>
      ) : null}
      <main className="app-main">
        <KeepAliveOutlet />
      </main>
      {handle.tabBar ? <TabBar /> : null}
    </div>
  );
}
