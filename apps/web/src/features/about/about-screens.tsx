import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findConfigValue, useAppConfig } from '../../api/app-config';
import { BackHeader } from '../../components/back-header';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { normalizeLanguage } from '../../i18n/language';
import { ApiAppsCard } from './api-apps-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';

/**
 * A text from common/config in the user's language (`<name>_<lang>`, English as the fallback);
 * when the server has none, a translated default says so.
 */
export function ConfigDocument({ names, fallbackKey }: { names: readonly string[]; fallbackKey: string }) {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const language = normalizeLanguage(i18n.language) ?? 'en';
  if (config.isPending) return <InlineLoading />;
  if (config.isError)
    return <NetworkError onRetry={() => void config.refetch()} isRetrying={config.isFetching} />;
  const text = names
    .flatMap((name) => [`${name}_${language}`, `${name}_en`, name])
    .map((name) => findConfigValue(config.data, name))
    .find((value) => value !== '');
  return (
    <article className="card document">
      {(text ?? t(fallbackKey)).split(/\n{2,}/).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}

/** /information/aboutUs: who runs the app (config about_<lang>). */
export function AboutUsScreen() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const title = findConfigValue(config.data, 'title') || t('app.name');
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      <section className="about-head">
        <img src={findConfigValue(config.data, 'logo') || '/icons/icon.svg'} alt="" width={64} height={64} />
        <h2>{title}</h2>
        <p className="screen__hint">{t('app.tagline')}</p>
      </section>
      <ConfigDocument names={['about']} fallbackKey="about.defaultText" />
    </div>
  );
}

/**
 * /information/aboutInfo: the security centre: two-factor sign-in, API apps, how accounts and
 * money are protected, and the user agreement.
 */
export function AboutInfoScreen() {
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      <TwoFactorCard />
      <PasskeysCard />
      <CloseAccountLink />
      <ApiAppsCard />
      <ConfigDocument names={['security']} fallbackKey="about.securityText" />
      <ConfigDocument names={['agreement']} fallbackKey="register.documentPlaceholder" />
    </div>
  );
}

/** The way to close the account, at the foot of the security centre's own settings. */
function CloseAccountLink() {
  const { t } = useTranslation();
  return (
    <nav className="menu-list" aria-label={t('closeAccount.title')}>
      <Link to="/information/closeAccount" className="menu-list__item">
        <span className="menu-list__label">{t('closeAccount.title')}</span>
      </Link>
    </nav>
  );
}

/** /information/userPri: the privacy policy (config privacy_<lang>). */
export function PrivacyScreen() {
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      <ConfigDocument names={['privacy']} fallbackKey="register.documentPlaceholder" />
    </div>
  );
}
