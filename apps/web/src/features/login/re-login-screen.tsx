import { useTranslation } from 'react-i18next';
import { LoginPanel } from './login-screen';

/** The session has ended (expired or revoked): log in again, with the last account filled in. */
export default function ReLoginScreen() {
  const { t } = useTranslation();
  return <LoginPanel title={t('reLogin.title')} subtitle={t('reLogin.body')} />;
}
