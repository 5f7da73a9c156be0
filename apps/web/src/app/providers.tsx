import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme, type ConfigProviderProps, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../i18n';
import { useSettings, type ThemeSetting } from '../stores/settings';
import { defaultAntdLocale, loadLocale } from './locales';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/** Spec §2, §9: the stored theme as Ant Design tokens — the colour, and the dark algorithm for the dark style. */
export function themeConfig(setting: Pick<ThemeSetting, 'style' | 'themeColor'>): ThemeConfig {
  const dark = setting.style === 'dark';
  // the breadcrumb's earlier steps are grey by default: too faint to read (WCAG contrast below 4.5)
  const breadcrumbText = dark ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.65)';
  return {
    token: { colorPrimary: setting.themeColor, colorLink: setting.themeColor },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    components: {
      Breadcrumb: { itemColor: breadcrumbText, linkColor: breadcrumbText, separatorColor: breadcrumbText },
    },
  };
}

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

function ThemedAntd({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const style = useSettings((state) => state.theme.style);
  const themeColor = useSettings((state) => state.theme.themeColor);
  const config = useMemo(() => themeConfig({ style, themeColor }), [style, themeColor]);

  useEffect(() => {
    // The body carries the theme class (reference: admin-template settings); the progress bar takes the colour.
    document.body.classList.remove('eip-theme-light', 'eip-theme-mashup', 'eip-theme-dark');
    document.body.classList.add(`eip-theme-${style}`);
    document.documentElement.style.setProperty('--eip-primary', themeColor);
    document.documentElement.style.colorScheme = style === 'dark' ? 'dark' : 'light';
  }, [style, themeColor]);

  return (
    <ConfigProvider locale={locale} theme={config}>
      {children}
    </ConfigProvider>
  );
}

/** Everything a page needs around it: server-state cache, translations, Ant Design locale and theme. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemedAntd>{children}</ThemedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
