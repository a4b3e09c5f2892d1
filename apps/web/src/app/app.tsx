import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ComponentProps, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { setApiHooks } from '../api/client';
import { StartupBanner } from '../components/startup-banner';
import { i18n } from '../i18n';
import { normalizeLanguage } from '../i18n/language';
import { LOGIN_PATH } from '../lib/constants';

/** antd-mobile's own texts default to Chinese: give it the locale of the user's language. */
function LocalizedComponents({ children }: { children: React.ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = normalizeLanguage(instance.language) === 'zh' ? zhCN : enUS;
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

/** The router start-up made (router/router.ts); typed from RouterProvider so app/ needs no router/ import. */
type AppRouter = ComponentProps<typeof RouterProvider>['router'];

interface AppProps {
  /** Made by start-up (main.tsx), which fills it before the first render. */
  client: QueryClient;
  router: AppRouter;
}

export function App({ client, router }: AppProps) {
  useEffect(() => {
    setApiHooks({ redirectToLogin: () => void router.navigate(LOGIN_PATH, { replace: true }) });
  }, [router]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LocalizedComponents>
          <StartupBanner />
          <RouterProvider router={router} />
        </LocalizedComponents>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
