import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/constants';
import { useScreen } from '../lib/route-handle';
import { BackIcon } from './icons';

interface BackHeaderProps {
  /** Defaults to the route's translated title. */
  title?: ReactNode;
  /** Where to go when there is no earlier step in this app's history. */
  fallbackPath?: string;
  /** Hide the back button (a tab's root screen has nowhere to go back to). */
  hideBack?: boolean;
  right?: ReactNode;
}

/** A screen header whose back button goes back one history step. */
export function BackHeader({ title, fallbackPath = HOME_PATH, hideBack = false, right }: BackHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { handle } = useScreen();

  const goBack = () => {
    // react-router numbers its history entries; 0 means this app was opened on this screen.
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) navigate(-1);
    else navigate(fallbackPath, { replace: true });
  };

  return (
    <header className="back-header">
      {hideBack ? (
        <span className="back-header__side" />
      ) : (
        <button type="button" className="back-header__button" aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
      )}
      <h1 className="back-header__title">{title ?? t(handle.titleKey)}</h1>
      <div className="back-header__side back-header__right">{right}</div>
    </header>
  );
}
