import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** A phone held on its side: a landscape viewport no taller than a phone is wide. */
export const LANDSCAPE_PHONE_QUERY = '(orientation: landscape) and (max-height: 540px)';

function isLandscapePhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(LANDSCAPE_PHONE_QUERY).matches;
}

/**
 * Whether the chart fills the screen. The button turns it on (and asks the browser for real full
 * screen and a landscape lock where it allows them, as an installed app does); turning the phone on
 * its side turns it on and turning it back upright off, as Kite's chart does. Escape leaves it. A
 * screen that links here with the state `{ fullScreenChart: true }` (a watchlist's Chart) opens it.
 */
export function useChartFullScreen() {
  const location = useLocation();
  const [isFullScreen, setIsFullScreen] = useState(
    () =>
      isLandscapePhone() ||
      (location.state as { fullScreenChart?: boolean } | null)?.fullScreenChart === true,
  );

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(LANDSCAPE_PHONE_QUERY);
    const follow = (event: MediaQueryListEvent) => setIsFullScreen(event.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const exit = useCallback(() => {
    setIsFullScreen(false);
    if (typeof document.exitFullscreen === 'function' && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    }
  }, []);

  const enter = useCallback(() => {
    setIsFullScreen(true);
    const root = document.documentElement;
    if (typeof root.requestFullscreen !== 'function') return;
    // Both are refused outside a user gesture or on a desktop browser; the overlay works without them.
    void root
      .requestFullscreen()
      .then(() =>
        (screen.orientation as ScreenOrientation & { lock?: (to: string) => Promise<void> }).lock?.(
          'landscape',
        ),
      )
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!isFullScreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isFullScreen, exit]);

  return { isFullScreen, enter, exit };
}
