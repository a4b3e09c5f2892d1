import { useApiQuery } from '../../api/hooks';
import { readToken } from '../../lib/session';

/**
 * How often the unread count is read again. The shared market stream (features/market/stream) joins
 * the user channel but offers no hook for its user events yet, so the badges poll; the messages
 * screen also refreshes the count when it marks notices read.
 */
export const UNREAD_POLL_MS = 30_000;

/** The investor's unread notices (message/unreadCount); 0 while signed out or unknown. */
export function useUnreadCount(): number {
  const isSignedIn = readToken() !== '';
  const unread = useApiQuery<{ unread: number }>(
    'message/unreadCount',
    {},
    { enabled: isSignedIn, refetchInterval: UNREAD_POLL_MS, staleTime: 0 },
  );
  return isSignedIn ? (unread.data?.unread ?? 0) : 0;
}

/** The badge text: the count, or "99+". */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}
