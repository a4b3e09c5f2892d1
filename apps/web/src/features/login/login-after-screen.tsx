import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { HOME_PATH, LOGIN_PATH } from '../../lib/constants';
import { maskAccount } from '../../lib/mask-account';
import { hasSession, readAccount } from '../../lib/session';

const SPLASH_MS = 1_200;

/** A short "welcome back" after signing in, then the market; without a session, the login. */
export default function LoginAfterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSignedIn = hasSession();

  useEffect(() => {
    if (!isSignedIn) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate(HOME_PATH, { replace: true }), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [isSignedIn, navigate]);

  return (
    <div className="screen start-screen">
      <div className="start-screen__brand">
        <BrandLogo size={80} />
        <h1 className="start-screen__title">{t('loginAfter.title')}</h1>
        <p className="start-screen__tagline">
          {t('loginAfter.signedInAs', { account: maskAccount(readAccount()) })}
        </p>
      </div>
      <div className="inline-loading" role="status" aria-live="polite">
        <span className="spinner spinner--small" aria-hidden="true" />
        <span>{t('loginAfter.body')}</span>
      </div>
    </div>
  );
}
