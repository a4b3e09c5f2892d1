import './app/antd-mobile-react19';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/app';
import { initI18n } from './i18n';
import { preloadToast } from './lib/toast';
import { yieldToMain } from './lib/yield-to-main';
import { preloadFirstScreen } from './router/preload';
import { type AppRouter, getRouter } from './router/router';

/**
 * How long the first render waits for the first screen's reads. The static shell (boot/boot.js)
 * shows meanwhile; a render with the answers draws once, where one without them draws again for
 * each answer. A slow network gets the screen with its loading states after this.
 */
const FIRST_DATA_WAIT_MS = 1_000;

/** How long after the first render work that the first screen does not need waits (then for idle). */
const SETTLE_DELAY_MS = 3_000;

/**
 * Runs `work` once the first screen has settled: some seconds after the first render, when the
 * browser is idle. On a slow phone, the service worker's install (which downloads the shell again
 * and then intercepts every request) and the toast's animation library would otherwise compete
 * with the first screen's own requests and tasks.
 */
function afterFirstScreenSettles(work: () => void): void {
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 0));
  setTimeout(() => whenIdle(() => work()), SETTLE_DELAY_MS);
}

function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // The app works without it; only offline start-up is lost.
  });
}

/**
 * Resolves once the router has loaded the first screen's code (its lazy route), so React's first
 * commit is that screen and not the startup splash: the static shell in index.html stays up until
 * then, with no flash of the logo in between.
 */
function whenFirstRouteReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function atMost(promise: Promise<unknown>, timeoutMs: number): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

/**
 * Start-up as a row of short steps, each in a task of its own (yieldToMain between them), so a
 * slow phone never spends long in one task and stays free to paint and answer input: loading the
 * modules, starting the first screen's code and reads, the language catalogue, the router, and
 * React's first render (a transition, which React also cuts into slices).
 */
async function start(): Promise<void> {
  await yieldToMain();
  const queryClient = createQueryClient();
  // The first screen's code and data load while the language catalogue does, not after it.
  const firstScreen = preloadFirstScreen(window.location.hash, queryClient);
  await yieldToMain();
  await initI18n();
  await yieldToMain();
  const router = getRouter();
  await Promise.all([whenFirstRouteReady(router), atMost(firstScreen, FIRST_DATA_WAIT_MS)]);
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  await yieldToMain();
  // The static shell stays up until the transition commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App client={queryClient} router={router} />
      </StrictMode>,
    ),
  );
  afterFirstScreenSettles(() => {
    registerServiceWorker();
    preloadToast();
  });
}

void start();
