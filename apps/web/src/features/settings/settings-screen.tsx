import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../api/user-info';
import { BackHeader } from '../../components/back-header';
import { ChevronRightIcon } from '../../components/icons';
import { useConfirmedLogout } from '../../components/logout-confirm';
import { QueryState } from '../../components/query-state';
import { maskAccount } from '../../lib/mask-account';
import { SignedInDevices } from './signed-in-devices';

/** /information/setting: name, bound phone, login and fund passwords, log out. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const { requestLogout, dialog, isLoggingOut, isLoggedOut } = useConfirmedLogout();

  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      <QueryState query={user} errorMessage={null}>
        {(info) => (
          <>
            <dl className="menu-list settings-list">
              <div className="menu-list__item settings-list__row">
                <dt className="menu-list__label">{t('settings.name')}</dt>
                <dd className="settings-list__value">{info.realName || t('settings.nameNotVerified')}</dd>
              </div>
              <div className="menu-list__item settings-list__row">
                <dt className="menu-list__label">{t('settings.phone')}</dt>
                <dd className="settings-list__value">{maskAccount(info.phone ?? info.account)}</dd>
              </div>
            </dl>
            <nav className="menu-list" aria-label={t('settings.security')}>
              <Link to="/information/loginPass" className="menu-list__item">
                <span className="menu-list__label">{t('settings.loginPassword')}</span>
                <span className="settings-list__value">{t('settings.change')}</span>
                <ChevronRightIcon size={18} className="menu-list__chevron" />
              </Link>
              <Link to="/information/fundPass" className="menu-list__item">
                <span className="menu-list__label">{t('settings.fundPassword')}</span>
                <span className="settings-list__value">
                  {info.hasFundPassword ? t('settings.change') : t('settings.notSet')}
                </span>
                <ChevronRightIcon size={18} className="menu-list__chevron" />
              </Link>
            </nav>
            <SignedInDevices />
          </>
        )}
      </QueryState>
      <div className="button-stack">
        <button
          type="button"
          className="button button--danger button--block"
          disabled={isLoggingOut || isLoggedOut}
          onClick={requestLogout}
        >
          {t('account.menu.logout')}
        </button>
      </div>
      {dialog}
    </div>
  );
}
