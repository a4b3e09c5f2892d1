import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnding, subscribeSessionEnding } from '../api/client';
import { WifiOffIcon } from './icons';

interface NetworkErrorProps {
  onRetry: () => void;
  message?: string;
  isRetrying?: boolean;
  /** A one-line version for a bar or a card. */
  compact?: boolean;
}

/** Shown instead of content that could not be loaded: never a blank screen, always a way to retry. */
export function NetworkError({ onRetry, message, isRetrying = false, compact = false }: NetworkErrorProps) {
  const { t } = useTranslation();
  // A 401 is not a connection problem: the session-expired toast and the way to the login say it all.
  const sessionEnding = useSyncExternalStore(subscribeSessionEnding, isSessionEnding);
  if (sessionEnding) return null;
  if (compact) {
    return (
      <div className="network-error network-error--compact" role="alert">
        <span>{message ?? t('common.networkError')}</span>
        <button type="button" className="link-button" onClick={onRetry} disabled={isRetrying}>
          {isRetrying ? t('common.loading') : t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="network-error" role="alert">
      <WifiOffIcon size={44} className="network-error__icon" />
      <p className="network-error__title">{message ?? t('common.networkError')}</p>
      <p className="network-error__body">{t('common.networkErrorBody')}</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? t('common.loading') : t('common.retry')}
      </button>
    </div>
  );
}
