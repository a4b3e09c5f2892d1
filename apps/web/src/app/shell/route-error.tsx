import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { WifiOffIcon } from '../../components/icons';
import { HOME_PATH } from '../../lib/constants';

/**
 * Shown when a screen's code failed to load (offline, a time-out after 120 s, or a new release
 * replaced its file) or threw while rendering. Reloading fetches the current release.
 */
export function RouteError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="app-shell">
      <main className="app-main">
        <div className="network-error" role="alert">
          <WifiOffIcon size={44} className="network-error__icon" />
          <p className="network-error__title">{t('common.loadFailed')}</p>
          <p className="network-error__body">{t('common.loadFailedBody')}</p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => navigate(HOME_PATH, { replace: true })}
          >
            {t('common.goHome')}
          </button>
        </div>
      </main>
    </div>
  );
}
