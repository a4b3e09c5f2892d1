import { TOAST_DURATION_MS } from './constants';

type ToastModule = typeof import('antd-mobile/es/components/toast');

let toastModule: Promise<ToastModule> | undefined;

// antd-mobile's Toast brings its animation library (about 30 KB gzip), so it loads on its own,
// after the first screen; preloadToast() fetches it once that screen has settled (main.tsx), and a
// toast before then loads it on demand.
function loadToast(): Promise<ToastModule> {
  toastModule ??= import('antd-mobile/es/components/toast');
  return toastModule;
}

export function preloadToast(): void {
  loadToast().catch(() => {
    toastModule = undefined;
  });
}

/** A short message at the centre of the screen, for 2 seconds unless told otherwise. */
export function showToast(message: string, durationMs = TOAST_DURATION_MS): void {
  loadToast()
    .then(({ default: Toast }) => Toast.show({ content: message, duration: durationMs }))
    .catch(() => {
      toastModule = undefined;
    });
}
