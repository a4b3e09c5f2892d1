import { BACK_EXIT_WINDOW_MS } from './constants';

/** True when the app runs installed (from the home screen), where the system back button can close it. */
export function isStandaloneDisplay(): boolean {
  const matchesStandalone =
    typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return matchesStandalone || iosStandalone;
}

interface BackExitGuardOptions {
  /** Tells the user that one more back press closes the app. */
  onFirstPress: () => void;
  windowMs?: number;
  now?: () => number;
}

const GUARD_FLAG = 'niveshBackGuard';

/**
 * "Press back twice within 1 second to exit", for the installed app on a root screen.
 *
 * How: a copy of the current history entry, marked as the guard, is pushed on top. The first back
 * press pops the guard (the URL does not change, so the router stays on the same screen); we tell
 * the user and push the guard again. A second press within the window is let through: we step back
 * past the screen's own entry, which leaves the app's history and closes the installed app.
 * Call the returned function to remove the guard (when leaving a root screen).
 */
export function installBackExitGuard({
  onFirstPress,
  windowMs = BACK_EXIT_WINDOW_MS,
  now = Date.now,
}: BackExitGuardOptions): () => void {
  let lastPressAt = Number.NEGATIVE_INFINITY;
  let isExiting = false;
  const pushGuard = () => {
    window.history.pushState({ ...(window.history.state as object | null), [GUARD_FLAG]: true }, '');
  };
  const isGuardOnTop = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD_FLAG]);

  const handlePopState = () => {
    if (isExiting || isGuardOnTop()) return;
    const pressedAt = now();
    if (pressedAt - lastPressAt <= windowMs) {
      isExiting = true;
      window.history.back();
      return;
    }
    lastPressAt = pressedAt;
    onFirstPress();
    pushGuard();
  };

  if (!isGuardOnTop()) pushGuard();
  window.addEventListener('popstate', handlePopState);
  return () => window.removeEventListener('popstate', handlePopState);
}
