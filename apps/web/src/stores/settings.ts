import { THEME_STORAGE_KEY } from '@eip/contracts/codes';
import { create } from 'zustand';
import { MOBILE_BREAKPOINT_PX } from '../config';

export type LayoutMode = 'vertical' | 'horizontal';
export type ThemeStyle = 'light' | 'mashup' | 'dark';
export type Device = 'desktop' | 'mobile';

/** Spec §9: the theme colours offered, the first is the default. */
export const THEME_COLORS = [
  '#2F54EB',
  '#F5222D',
  '#FA541C',
  '#FAAD14',
  '#13C2C2',
  '#1890FF',
  '#722ED1',
] as const;

/** The theme setting kept in local storage under `eip-front-theme` (spec §3). */
export interface ThemeSetting {
  name: string;
  layout: LayoutMode;
  header: 'fixed' | 'noFixed';
  tabsBar: boolean;
  style: ThemeStyle;
  themeColor: string;
}

/** Spec §9: vertical layout, fixed header, tab bar on, light style, the default colour. */
export const DEFAULT_THEME: ThemeSetting = {
  name: 'default',
  layout: 'vertical',
  header: 'fixed',
  tabsBar: true,
  style: 'light',
  themeColor: THEME_COLORS[0],
};

const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * Reads a stored theme: unknown or missing fields take their defaults; `tabsBar` stored by older versions as
 * the string "true" / "false" is accepted (reference: admin-template settings).
 */
export function parseTheme(text: string | null): ThemeSetting {
  if (!text) return { ...DEFAULT_THEME };
  let stored: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object') return { ...DEFAULT_THEME };
    stored = value as Record<string, unknown>;
  } catch {
    return { ...DEFAULT_THEME };
  }
  const tabsBar = stored.tabsBar;
  return {
    name: typeof stored.name === 'string' && stored.name ? stored.name : DEFAULT_THEME.name,
    layout: oneOf(stored.layout, ['vertical', 'horizontal'], DEFAULT_THEME.layout),
    header: oneOf(stored.header, ['fixed', 'noFixed'], DEFAULT_THEME.header),
    tabsBar:
      tabsBar === true || tabsBar === 'true'
        ? true
        : tabsBar === false || tabsBar === 'false'
          ? false
          : DEFAULT_THEME.tabsBar,
    style: oneOf(stored.style, ['light', 'mashup', 'dark'], DEFAULT_THEME.style),
    themeColor: isHexColor(stored.themeColor) ? stored.themeColor.toUpperCase() : DEFAULT_THEME.themeColor,
  };
}

function readStoredTheme(): ThemeSetting {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_THEME };
  }
}

function storeTheme(theme: ThemeSetting) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
  } catch {
    // storage unavailable: the theme lasts for this page only
  }
}

/** Spec §4: mobile below 992 px wide, or by user agent, or by the query flag `mobile=1`. */
export function detectDevice(width: number, userAgent = '', search = ''): Device {
  if (width < MOBILE_BREAKPOINT_PX) return 'mobile';
  if (/Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent)) return 'mobile';
  if (new URLSearchParams(search).get('mobile') === '1') return 'mobile';
  return 'desktop';
}

interface SettingsState {
  theme: ThemeSetting;
  /** Side bar folded. */
  collapse: boolean;
  device: Device;
  setTheme: (change: Partial<ThemeSetting>) => void;
  resetTheme: () => void;
  setCollapse: (collapse: boolean) => void;
  setDevice: (device: Device) => void;
}

/** Client settings (spec §3): the stored theme, and the side-bar and device state of this page. */
export const useSettings = create<SettingsState>()((set, get) => ({
  theme: readStoredTheme(),
  collapse: false,
  device:
    typeof window === 'undefined'
      ? 'desktop'
      : detectDevice(window.innerWidth, navigator.userAgent, location.search),
  setTheme: (change) => {
    const theme = { ...get().theme, ...change };
    storeTheme(theme);
    set({ theme });
  },
  resetTheme: () => {
    storeTheme(DEFAULT_THEME);
    set({ theme: { ...DEFAULT_THEME } });
  },
  setCollapse: (collapse) => set({ collapse }),
  setDevice: (device) => set(device === 'mobile' ? { device, collapse: true } : { device }),
}));

/** Spec §2: on mobile the layout is forced vertical. */
export const effectiveLayout = (theme: ThemeSetting, device: Device): LayoutMode =>
  device === 'mobile' ? 'vertical' : theme.layout;
