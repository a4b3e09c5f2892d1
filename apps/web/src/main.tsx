import './app/antd-mobile-react19';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadToast } from './components/toast';
import { initI18n } from './i18n';

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

async function start(): Promise<void> {
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1_500));
  whenIdle(() => preloadToast());
}

void start();
