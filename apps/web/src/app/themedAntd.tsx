import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentLanguage } from '../i18n';
import { useSettings } from '../stores/settings';
import { defaultAntdLocale, loadLocale } from './locales';
import { themeConfig } from './theme';

type Locale = NonNullable<ConfigProviderProps['locale']>;

function useAntdLocale(): Locale {
  const { i18n: instance } = useTranslation();
  const [locale, setLocale] = useState<Locale>(defaultAntdLocale);
  const lang = currentLanguage();
  useEffect(() => {
    let current = true;
    void loadLocale(lang).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [lang, instance.language]);
  return locale;
}

/** Ant Design's locale and the stored theme (colour, light/mashup/dark) around its components. */
export function ThemedAntd({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const style = useSettings((state) => state.theme.style);
  const themeColor = useSettings((state) => state.theme.themeColor);
  const config = useMemo(() => themeConfig({ style, themeColor }), [style, themeColor]);
  return (
    <ConfigProvider locale={locale} theme={config}>
      {children}
    </ConfigProvider>
  );
}

/** The routes behind the sign-in page render inside Ant Design's providers (loaded with the first of them). */
export function ThemedOutlet() {
  return (
    <ThemedAntd>
      <Outlet />
    </ThemedAntd>
  );
}
