import { GROUPS, type Group } from '@eip/contracts/routes';

/**
 * The base URL of each API group (ARCHITECTURE §2): the same origin under `/{group}` by default.
 * Point a group elsewhere here when it is served by its own process.
 */
export const apiBase: Record<Group, string> = Object.fromEntries(
  GROUPS.map((group) => [group, `/${group}`]),
) as Record<Group, string>;

/** Request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Spec §8, §9: a page's code that has not loaded after this long raises a ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Spec §9: a call whose address contains this shows a full-page loading overlay while it runs. */
export const LOADING_OVERLAY_URL_PART = 'doEdit';

/** Spec §3: the login answer carries the token under this name. */
export const TOKEN_NAME = 'token';

/** How long a toast stays (spec §9: message duration 1800 ms). */
export const MESSAGE_DURATION_MS = 1800;

/** The page the app opens after sign-in and for `/` (spec §9: default open /index). */
export const LANDING_PATH = '/index';

/** Spec §9: login interception on — an invalid token (402) reloads the page after the session ends. */
export const LOGIN_INTERCEPTION = true;

/** Route recording: the login page gets `redirect` = the page the user was sent away from. */
export const RECORD_ROUTE = true;

/** Spec §9: strict router mode — a route-building failure resets the token and rethrows. */
export const STRICT_ROUTER = true;

/** Route building (spec §2): which preview pages are kept alive besides myTask and startProcess. */
export const KEEP_ALIVE_TEMPLATE_PREVIEW = false;
export const KEEP_ALIVE_QUERY_SQL_PREVIEW = false;
/** The most kept-alive pages held at once; the oldest is dropped first. */
export const KEEP_ALIVE_MAX = 10;
/** The most tabs in the tab bar (spec §2: the tab cap is 99). */
export const TABS_MAX = 99;

/** Spec §9: below 992 px wide the device is mobile; the side bar folds 2 s after a route change. */
export const MOBILE_BREAKPOINT_PX = 992;
export const MOBILE_FOLD_DELAY_MS = 2000;
/** Spec §9: resize debounce. */
export const RESIZE_DEBOUNCE_MS = 300;
/** Spec §9: progress bar speed. */
export const PROGRESS_SPEED_MS = 500;
/** Spec §9: tab-close fallback delay. */
export const TAB_CLOSE_DELAY_MS = 100;
/** Spec §9: the top bar shows 7 menu entries, then a "more" submenu. */
export const TOP_MENU_VISIBLE = 7;
/** Spec §2: titles longer than this get a tooltip (8 in the top bar, 5 in submenus). */
export const TOP_TITLE_TOOLTIP_AT = 8;
export const SUB_TITLE_TOOLTIP_AT = 5;
/** Spec §9: the message badge shows 99+ above 99. */
export const BADGE_MAX = 99;
/** Spec §4: password change succeeded → sign out after 300 ms. */
export const SIGN_OUT_AFTER_PASSWORD_MS = 300;
