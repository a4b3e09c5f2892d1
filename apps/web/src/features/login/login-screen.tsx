import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/constants';
import { readAccount } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

/** The sign-in panel both login screens show, under their own title and subtitle. */
export function LoginPanel({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <LoginForm initialAccount={readAccount()} onLoggedIn={() => navigate(HOME_PATH, { replace: true })} />
      <p className="auth-screen__switch">
        {t('login.noAccount')}{' '}
        <Link to="/login/register" className="text-link">
          {t('login.registerLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}

export default function LoginScreen() {
  const { t } = useTranslation();
  return <LoginPanel title={t('login.title')} subtitle={t('login.subtitle')} />;
}
