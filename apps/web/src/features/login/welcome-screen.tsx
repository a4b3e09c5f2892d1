import { useTranslation } from 'react-i18next';
import { ActionLinks } from '../../components/action-links';
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
      <ActionLinks
        className="button-stack"
        isBlock
        primary={{ to: '/login/login', label: t('welcome.login') }}
        secondary={{ to: '/login/register', label: t('welcome.register') }}
      />
    </AuthLayout>
  );
}
