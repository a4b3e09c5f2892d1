import './app/antd-mobile-react19';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/app';
import { preloadToast } from './components/toast';
import { initI18n } from './i18n';
import { preloadFirstScreen } from './router/preload';

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
 * Applies the app's stylesheet, which index.html only preloads so that it does not hold up the first
 * paint, and resolves once it is in force (at most 5 s: a lost stylesheet must not stop the app).
 */
function whenStylesReady(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, 5_000);
    link.rel = 'stylesheet';
  });
}

async function start(): Promise<void> {
  // The first screen's code and data load while the language catalogue does, not after it.
  const queryClient = createQueryClient();
  preloadFirstScreen(window.location.hash, queryClient);
  await Promise.all([initI18n(), whenStylesReady()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App client={queryClient} />
    </StrictMode>,
  );
  registerServiceWorker();
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1_500));
  whenIdle(() => preloadToast());
}

void start();
