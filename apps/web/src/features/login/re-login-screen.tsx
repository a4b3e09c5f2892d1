import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH } from '../../lib/constants';
import { readAccount } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

/** The session has ended (expired or revoked): log in again, with the last account filled in. */
export default function ReLoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('reLogin.title')} subtitle={t('reLogin.body')}>
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
