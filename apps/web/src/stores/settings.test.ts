import { THEME_STORAGE_KEY } from '@eip/contracts/codes';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME,
  detectDevice,
  effectiveLayout,
  parseTheme,
  THEME_COLORS,
  useSettings,
} from './settings';

describe('theme storage (spec §3 eip-front-theme, §9 defaults)', () => {
  it('spec §9: defaults are vertical, fixed header, tab bar, light, #2F54EB', () => {
    expect(parseTheme(null)).toEqual({
      name: 'default',
      layout: 'vertical',
      header: 'fixed',
      tabsBar: true,
      style: 'light',
      themeColor: '#2F54EB',
    });
    expect(THEME_COLORS).toEqual([
      '#2F54EB',
      '#F5222D',
      '#FA541C',
      '#FAAD14',
      '#13C2C2',
      '#1890FF',
      '#722ED1',
    ]);
  });

  it('accepts the old string form of tabsBar ("true" / "false")', () => {
    expect(
      parseTheme('{"name":"default","layout":"horizontal","header":"fixed","tabsBar":"false"}'),
    ).toMatchObject({
      layout: 'horizontal',
      tabsBar: false,
    });
    expect(parseTheme('{"tabsBar":"true"}').tabsBar).toBe(true);
    expect(parseTheme('{"tabsBar":false}').tabsBar).toBe(false);
  });

  it('falls back to the default for unknown values and unreadable text', () => {
    expect(parseTheme('{"layout":"diagonal","style":"neon","themeColor":"red"}')).toEqual(DEFAULT_THEME);
    expect(parseTheme('not json')).toEqual(DEFAULT_THEME);
    expect(parseTheme('"text"')).toEqual(DEFAULT_THEME);
  });

  it('saves every change under eip-front-theme and reads it back', () => {
    useSettings.getState().setTheme({ style: 'dark', themeColor: '#722ED1', tabsBar: false });
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    expect(parseTheme(stored)).toMatchObject({ style: 'dark', themeColor: '#722ED1', tabsBar: false });
    useSettings.getState().resetTheme();
    expect(parseTheme(localStorage.getItem(THEME_STORAGE_KEY))).toEqual(DEFAULT_THEME);
  });

  it('spec §4, §9: mobile below 992 px (or by user agent or query flag), and mobile forces the vertical layout', () => {
    expect(detectDevice(991)).toBe('mobile');
    expect(detectDevice(992)).toBe('desktop');
    expect(detectDevice(1280, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(
      'mobile',
    );
    expect(detectDevice(1280, '', '?mobile=1')).toBe('mobile');
    const horizontal = { ...DEFAULT_THEME, layout: 'horizontal' as const };
    expect(effectiveLayout(horizontal, 'mobile')).toBe('vertical');
    expect(effectiveLayout(horizontal, 'desktop')).toBe('horizontal');
  });
});
