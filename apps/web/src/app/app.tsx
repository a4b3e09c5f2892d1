import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { setApiHooks } from '../api/client';
import { createQueryClient } from '../api/hooks';
import { i18n } from '../i18n';
import { normalizeLanguage } from '../i18n/language';
import { LOGIN_PATH } from '../lib/constants';
import { router } from '../router/router';

/** antd-mobile's own texts default to Chinese: give it the locale of the user's language. */
function LocalizedComponents({ children }: { children: React.ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = normalizeLanguage(instance.language) === 'zh' ? zhCN : enUS;
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

export function App({ client }: { client?: QueryClient } = {}) {
  const [queryClient] = useState(() => client ?? createQueryClient());

  useEffect(() => {
    setApiHooks({ redirectToLogin: () => void router.navigate(LOGIN_PATH, { replace: true }) });
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedComponents>
          <RouterProvider router={router} />
        </LocalizedComponents>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
