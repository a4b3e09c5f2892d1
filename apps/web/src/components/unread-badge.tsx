import { useTranslation } from 'react-i18next';
import { unreadBadgeText } from '../api/unread-count';
import './unread-badge.css';

/** A red dot with the unread count, drawn over an icon; nothing when there is nothing unread. */
export function UnreadBadge({ unread }: { unread: number }) {
  const { t } = useTranslation();
  if (unread <= 0) return null;
  return (
    <span className="unread-badge" role="status" aria-label={t('accountExtra.unread', { unread })}>
      {unreadBadgeText(unread)}
    </span>
  );
}
