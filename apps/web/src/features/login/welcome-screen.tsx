import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

const HIGHLIGHTS = ['welcome.highlightMarkets', 'welcome.highlightIpo', 'welcome.highlightLedger'] as const;

/** A welcome for someone new: what Nivesh offers, and the two ways in. */
export default function WelcomeScreen() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('welcome.title')} subtitle={t('app.tagline')}>
      <ul className="highlights">
        {HIGHLIGHTS.map((key) => (
          <li key={key} className="highlights__item">
            {t(key)}
          </li>
        ))}
      </ul>
      <div className="button-stack">
        <Link to="/login/login" className="button button--primary button--block">
          {t('welcome.login')}
        </Link>
        <Link to="/login/register" className="button button--secondary button--block">
          {t('welcome.register')}
        </Link>
      </div>
    </AuthLayout>
  );
}
