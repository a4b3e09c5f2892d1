import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notifyUser } from '../../api/client';
import { HOME_PATH } from '../../lib/constants';
import { AuthLayout } from './auth-layout';
import { RegisterForm } from './register-form';

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // An invitation link may carry the code: #/login/register?code=ABC123
  const invitedCode = searchParams.get('code') ?? searchParams.get('inviteCode') ?? '';
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm
        initialInviteCode={invitedCode}
        onRegistered={() => {
          notifyUser(t('register.success'));
          navigate(HOME_PATH, { replace: true });
        }}
      />
      <p className="auth-screen__switch">
        {t('register.haveAccount')}{' '}
        <Link to="/login/login" className="text-link" replace>
          {t('register.loginLink')}
        </Link>
      </p>
    </AuthLayout>
  );
}
