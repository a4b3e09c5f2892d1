import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../api/client';
import { useLogout } from '../api/logout';
import { ConfirmDialog } from './confirm-dialog';
import { LoadingOverlay } from './loading-overlay';

/**
 * Logging out behind a confirmation, as Kite and Groww ask: a stray tap on "Log out" must not end
 * the session (signing in again may need the password and a second-factor code). `dialog` is the
 * sheet and the overlay to render; `requestLogout` opens the sheet.
 */
export function useConfirmedLogout() {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const [isLoggedOut, setIsLoggedOut] = useState(false);
  const { logout, isLoggingOut } = useLogout(() => {
    setIsLoggedOut(true);
    notifyUser(t('account.loggedOut'));
  });
  const dialog = (
    <>
      {isAsking ? (
        <ConfirmDialog
          title={t('account.logoutConfirm.title')}
          confirmLabel={t('account.logoutConfirm.confirm')}
          cancelLabel={t('account.logoutConfirm.stay')}
          call={{ isPending: isLoggingOut, error: null }}
          onCancel={() => setIsAsking(false)}
          onConfirm={() => {
            setIsAsking(false);
            void logout();
          }}
        >
          <p className="funds-dialog__text">{t('account.logoutConfirm.body')}</p>
        </ConfirmDialog>
      ) : null}
      <LoadingOverlay visible={isLoggingOut} label={t('account.loggingOut')} />
    </>
  );
  return { requestLogout: () => setIsAsking(true), dialog, isLoggingOut, isLoggedOut };
}
