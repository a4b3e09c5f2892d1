import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBackExitGuard } from './back-exit';

function pressBack() {
  // What the browser does on a back press from the guard: the entry below (without the flag) is current.
  window.history.replaceState({ idx: 0 }, '');
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

describe('installBackExitGuard', () => {
  let remove: () => void = () => undefined;
  afterEach(() => {
    remove();
    vi.restoreAllMocks();
  });

  it('warns on the first back press and lets a second one within 1 second leave the app', () => {
    let now = 10_000;
    const onFirstPress = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    remove = installBackExitGuard({ onFirstPress, now: () => now });
    expect((window.history.state as Record<string, unknown>).niveshBackGuard).toBe(true);

    pressBack();
    expect(onFirstPress).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();
    expect((window.history.state as Record<string, unknown>).niveshBackGuard).toBe(true);

    now += 900;
    pressBack();
    expect(onFirstPress).toHaveBeenCalledTimes(1);
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('warns again when the second press comes after the window', () => {
    let now = 0;
    const onFirstPress = vi.fn();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    remove = installBackExitGuard({ onFirstPress, now: () => now });

    pressBack();
    now += 1_500;
    pressBack();

    expect(onFirstPress).toHaveBeenCalledTimes(2);
    expect(back).not.toHaveBeenCalled();
  });
});
