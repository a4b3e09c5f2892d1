import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface EmptyStateProps {
  /** Defaults to the spec's no-data message. */
  message?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** An action that opens another screen: a primary button linking to `to`. */
  actionLink?: { to: string; label: ReactNode };
  icon?: ReactNode;
}

/** The no-data placeholder: a quiet picture, a message and an optional action. */
export function EmptyState({ message, description, action, actionLink, icon }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <div className="empty-state__picture">
        {icon ?? (
          <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden="true" focusable="false">
            <rect x="18" y="22" width="84" height="56" rx="8" fill="#eef2ff" />
            <path d="M30 62 50 44l12 10 14-16 14 14" fill="none" stroke="#93a4ff" strokeWidth="4" />
            <circle cx="92" cy="22" r="12" fill="#dfe6ff" />
            <path d="M88 22h8" stroke="#93a4ff" strokeWidth="3" strokeLinecap="round" />
          </svg>
        )}
      </div>
      <p className="empty-state__message">{message ?? t('common.noData')}</p>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
      {actionLink ? (
        <div className="empty-state__action">
          <Link to={actionLink.to} className="button button--primary">
            {actionLink.label}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
