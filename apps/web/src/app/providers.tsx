import type { Language } from '@eip/contracts/codes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../i18n';

const antdLocales = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS } satisfies Record<Language, unknown>;

/** Default theme colour (spec §9). */
const theme: ThemeConfig = { token: { colorPrimary: '#2F54EB' } };

function LocalizedAntd({ children }: { children: ReactNode }) {
  useTranslation(); // re-render when the language changes
  return (
    <ConfigProvider locale={antdLocales[currentLanguage()]} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** Everything a page needs around it: server-state cache, translations, Ant Design locale and theme. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
