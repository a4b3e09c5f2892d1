import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readToken } from '../lib/session';
import { marketStream, RESYNC_EVENT } from '../stream/market-stream';
import type { CallPath } from './calls';
import { apiQueryKey, callKey, useApiQuery } from './hooks';

/**
 * A fallback re-read of the unread count. The count changes live: the server pushes
 * `{ type: 'message' }` and `{ type: 'unread', unread }` on the user's channel of the shared stream.
 */
export const UNREAD_POLL_MS = 60_000;
export const UNREAD_PATH = 'message/unreadCount' satisfies CallPath;

/** The investor's unread notices (message/unreadCount); 0 while signed out or unknown. */
export function useUnreadCount(): number {
  const isSignedIn = readToken() !== '';
  const queryClient = useQueryClient();
  const unread = useApiQuery(
    UNREAD_PATH,
    {},
    // The stream and the poll keep the count current, so a screen that mounts within a poll of the
    // last read (the start-up prefetch, the other bar) shows it without reading again.
    { enabled: isSignedIn, refetchInterval: UNREAD_POLL_MS, staleTime: UNREAD_POLL_MS },
  );
  useEffect(() => {
    if (!isSignedIn) return;
    return marketStream().onUserEvent((event) => {
      const key = apiQueryKey(UNREAD_PATH, {});
      // `unread` after reading notices; `resync` when the socket (re)joins, with the count then.
      if ((event.type === 'unread' || event.type === RESYNC_EVENT) && typeof event.unread === 'number') {
        queryClient.setQueryData(key, { unread: event.unread });
      } else if (event.type === 'message') {
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: callKey('message/list') });
      }
    });
  }, [isSignedIn, queryClient]);
  return isSignedIn ? (unread.data?.unread ?? 0) : 0;
}

/** The badge text: the count, or "99+". */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
