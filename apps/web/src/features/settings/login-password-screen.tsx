import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyUser } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { LoginPasswordForm } from './login-password-form';

export default function LoginPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/setting" />
      <LoginPasswordForm
        onChanged={() => {
          notifyUser(t('password.loginChanged'));
          navigate('/information/setting', { replace: true });
        }}
      />
    </div>
  );
}
