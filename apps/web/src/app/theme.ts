import type { ThemeConfig } from 'antd';
// Ant Design's token functions by their own modules: its `theme` object would bring its style engine along
import getDesignToken from 'antd/es/theme/getDesignToken';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import { useEffect, useMemo } from 'react';
import { useSettings, type ThemeSetting } from '../stores/settings';

/** Spec §2, §9: the stored theme as Ant Design tokens — the colour, and the dark algorithm for the dark style. */
export function themeConfig(setting: Pick<ThemeSetting, 'style' | 'themeColor'>): ThemeConfig {
  const dark = setting.style === 'dark';
  // the breadcrumb's earlier steps are grey by default: too faint to read (WCAG contrast below 4.5)
  const breadcrumbText = dark ? 'rgba(255, 255, 255, 0.65)' : 'rgba(0, 0, 0, 0.65)';
  return {
    token: { colorPrimary: setting.themeColor, colorLink: setting.themeColor },
    algorithm: dark ? darkAlgorithm : defaultAlgorithm,
    components: {
      Breadcrumb: { itemColor: breadcrumbText, linkColor: breadcrumbText, separatorColor: breadcrumbText },
    },
  };
}

/**
 * The stored theme's design tokens, computed without Ant Design's providers or style engine: what the first
 * paint shows (the sign-in page, loading and error states) is styled with them, so the app's first JavaScript
 * carries no Ant Design component. Everything behind it renders inside Ant Design's ConfigProvider.
 */
export function useDesignToken() {
  const style = useSettings((state) => state.theme.style);
  const themeColor = useSettings((state) => state.theme.themeColor);
  return useMemo(() => getDesignToken(themeConfig({ style, themeColor })), [style, themeColor]);
}

/** The body carries the theme class (reference: admin-template settings); the progress bar takes the colour. */
export function useThemeOnBody(): void {
  const style = useSettings((state) => state.theme.style);
  const themeColor = useSettings((state) => state.theme.themeColor);
  useEffect(() => {
    document.body.classList.remove('eip-theme-light', 'eip-theme-mashup', 'eip-theme-dark');
    document.body.classList.add(`eip-theme-${style}`);
    document.documentElement.style.setProperty('--eip-primary', themeColor);
    document.documentElement.style.colorScheme = style === 'dark' ? 'dark' : 'light';
  }, [style, themeColor]);
}
