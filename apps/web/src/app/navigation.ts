import { RECORD_ROUTE } from '../config';

/** The app's base path in history mode (spec §2). */
export const BASENAME = '/eipFront';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** The router registers its navigate function, so code outside React (the API client) can move the user. */
export function bindNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

/** The current address inside the app (without the base path). */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  const inside = pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname;
  return inside + search;
}

/** `/login`, with `redirect` back to `from` when route recording is on and `from` is a page worth returning to. */
export function loginPath(from: string | null, landing: string): string {
  if (!RECORD_ROUTE || !from || from === '/' || from === landing || from.startsWith('/login'))
    return '/login';
  return `/login?${new URLSearchParams({ redirect: from })}`;
}

/** Goes to an address inside the app, through the router when it is mounted. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(BASENAME + to);
}

/** Whole-page actions, in one object so tests can replace them. */
export const page = {
  reload: (): void => window.location.reload(),
  /** Leaves the app for another address (single sign-on, the mobile site). */
  leave: (url: string): void => window.location.assign(url),
};
