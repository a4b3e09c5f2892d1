import { afterEach, beforeEach, vi } from 'vitest';
import { setApiHooks } from '../api/client';

/**
 * Spies in place of the app's toast and login redirect for every test of the file, reset before
 * each test; fake timers and stubbed globals are undone after each.
 */
export function spyOnApiHooks() {
  const notify = vi.fn<(message: string) => void>();
  const redirectToLogin = vi.fn<() => void>();
  beforeEach(() => {
    notify.mockReset();
    redirectToLogin.mockReset();
    setApiHooks({ notify, redirectToLogin });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return { notify, redirectToLogin };
}
