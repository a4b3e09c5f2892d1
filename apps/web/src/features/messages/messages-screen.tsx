import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { formatIstDateTime } from '../../lib/date-time';

/** How often the list is re-read while open: notices also arrive over the socket on other screens. */
const REFRESH_MS = 15_000;

/**
 * /information/msgInfo: the investor's notices (review outcomes, fills, stop-outs), rendered by the
 * server in the current language. Opening the screen marks what it shows as read.
 */
export default function MessagesScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useApiQuery('message/list', { limit: 50 }, { refetchInterval: REFRESH_MS });
  const markRead = useApiMutation('message/read', {
    silent: true,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('message/unreadCount') }),
  });
  const unread = messages.data?.unread ?? 0;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0) mutate({ all: true });
  }, [unread, mutate]);

  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      {messages.isPending ? (
        <InlineLoading />
      ) : messages.isError ? (
        <NetworkError
          onRetry={() => void messages.refetch()}
          isRetrying={messages.isFetching}
          message={messages.error.message}
        />
      ) : messages.data.items.length === 0 ? (
        <EmptyState message={t('messages.empty')} description={t('messages.emptyBody')} />
      ) : (
        <ul className="message-list" aria-label={t('messages.listLabel')}>
          {messages.data.items.map((message) => (
            <li
              key={message.id}
              className={`card message-item${message.read ? '' : ' message-item--unread'}`}
            >
              <p className="message-item__title">
                {message.read ? null : (
                  <>
                    <span className="message-item__dot" aria-hidden="true" />
                    <span className="visually-hidden">{t('messages.unread')}</span>
                  </>
                )}
                {message.title}
              </p>
              {message.body ? <p className="message-item__body">{message.body}</p> : null}
              <p className="message-item__time">{formatIstDateTime(message.time, i18n.language)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
