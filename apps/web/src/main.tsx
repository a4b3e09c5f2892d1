import './app/antd-mobile-react19';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/app';
import { preloadToast } from './components/toast';
import { initI18n } from './i18n';
import { preloadFirstScreen } from './router/preload';
import { router } from './router/router';

function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // The app works without it; only offline start-up is lost.
    });
  };
  // Registering after the page has loaded keeps the worker's downloads out of the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Resolves once the router has loaded the first screen's code (its lazy route), so React's first
 * commit is that screen and not the startup splash: the static shell in index.html stays up until
 * then, with no flash of the logo in between.
 */
function whenFirstRouteReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  // The first screen's code and data load while the language catalogue does, not after it.
  const queryClient = createQueryClient();
  preloadFirstScreen(window.location.hash, queryClient);
  await Promise.all([initI18n(), whenFirstRouteReady()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // The first render is a transition, so React builds the screen in small slices and the main thread
  // stays free for input (no long task on a slow phone); the static shell stays up until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App client={queryClient} />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1_500));
  whenIdle(() => preloadToast());
}

void start();
