import { loginPath } from './navigation';

/** Spec §2: pages open without sign-in (tenantLogin is /login/{tenant}). */
export const WHITELIST = ['/login', '/404', '/401', '/500'];
const isWhitelisted = (path: string) => WHITELIST.includes(path) || /^\/login\/[^/]+$/.test(path);
const isLoginPage = (path: string) => path === '/login' || /^\/login\/[^/]+$/.test(path);

/** Spec §2: query keys stripped after each navigation. */
export const STRIPPED_QUERY_KEYS = ['fullscreen', 'token', 'ticket', 'code'] as const;

export type AuthMode = 'password' | 'cas' | 'oauth';

export interface GuardInput {
  pathname: string;
  search: string;
  signedIn: boolean;
  authMode: AuthMode;
  ssoUrl: string;
  /** The page's origin and base path, for the address the single sign-on returns to. */
  appUrl: string;
  landing: string;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A token in the query: authenticate with it, failure → /500. */
  | { kind: 'tokenSignIn'; token: string; next: string }
  /** Back from single sign-on with a cas ticket or an oauth code. */
  | { kind: 'ssoReturn'; mode: 'cas' | 'oauth'; credential: string; service: string; next: string }
  /** Off to the single sign-on address. */
  | { kind: 'ssoLeave'; url: string }
  /** A short link /surl/{code}. */
  | { kind: 'shortLink'; code: string };

/** A `redirect` target is only followed inside the app: a single leading slash, no scheme or host. */
export function safeRedirect(target: string | null): string | null {
  return target && /^\/(?![/\\])/.test(target) ? target : null;
}

/** The address without the stripped query keys. */
export function stripQuery(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of STRIPPED_QUERY_KEYS) params.delete(key);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Spec §2 "Route guard": what to do with a navigation, in the order the spec gives. */
export function decideGuard(input: GuardInput): GuardDecision {
  const { pathname, search, signedIn, authMode } = input;
  const params = new URLSearchParams(search);
  const here = pathname + search;

  if (pathname.startsWith('/surl/')) return { kind: 'shortLink', code: pathname.slice('/surl/'.length) };

  const token = params.get('token');
  if (token) return { kind: 'tokenSignIn', token, next: stripQuery(pathname, search) };

  // Spec §2: back from single sign-on, cas with a ticket and oauth with a code alike; a signed-in user's
  // credential is ignored (and stripped from the address).
  const service = input.appUrl + stripQuery(pathname, search);
  if (authMode === 'cas' && params.get('ticket') && !signedIn) {
    return {
      kind: 'ssoReturn',
      mode: 'cas',
      credential: params.get('ticket')!,
      service,
      next: stripQuery(pathname, search),
    };
  }
  if (authMode === 'oauth' && params.get('code') && !signedIn) {
    return {
      kind: 'ssoReturn',
      mode: 'oauth',
      credential: params.get('code')!,
      service,
      next: stripQuery(pathname, search),
    };
  }

  if (isWhitelisted(pathname)) {
    if (signedIn && isLoginPage(pathname))
      return { kind: 'redirect', to: safeRedirect(params.get('redirect')) ?? '/' };
    return { kind: 'allow' };
  }
  if (signedIn) return { kind: 'allow' };

  if (authMode !== 'password' && input.ssoUrl) {
    const separator = input.ssoUrl.includes('?') ? '&' : '?';
    return { kind: 'ssoLeave', url: `${input.ssoUrl}${separator}service=${encodeURIComponent(service)}` };
  }
  return { kind: 'redirect', to: loginPath(here, input.landing) };
}
