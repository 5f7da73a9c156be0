import { loginPath } from './navigation';

/** Spec §2: pages open without sign-in (tenantLogin is /login/{tenant}). */
export const WHITELIST = ['/login', '/404', '/401', '/500'];
const isWhitelisted = (path: string) => WHITELIST.includes(path) || /^\/login\/[^/]+$/.test(path);
const isLoginPage = (path: string) => path === '/login' || /^\/login\/[^/]+$/.test(path);

/** Spec §2: query keys stripped after each navigation. */
export const STRIPPED_QUERY_KEYS = ['fullscreen', 'token', 'ticket', 'code'] as const;

export type AuthMode = 'password' | 'cas' | 'oauth';

/** What an oauth provider adds to the page it sends the user back to, besides the code (RFC 6749, RFC 9207). */
const OAUTH_RETURN_KEYS = ['state', 'iss', 'session_state'] as const;

export interface GuardInput {
  pathname: string;
  search: string;
  signedIn: boolean;
  /** null until the server has told the mode (app start): decisions that depend on it wait */
  authMode: AuthMode | null;
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
  /** Back from single sign-on: a cas `ticket`, or an oauth `code` with its `state` (and `iss`), for sso/auth. */
  | {
      kind: 'ssoReturn';
      mode: 'cas' | 'oauth';
      returned: Record<string, string>;
      service: string;
      next: string;
    }
  /** The sign-in mode is not known yet and the decision depends on it. */
  | { kind: 'wait' }
  /** Off to the single sign-on address, to come back to `next` (the page with its own query). */
  | { kind: 'ssoLeave'; url: string; next: string }
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
  const credential = params.get('ticket') ?? params.get('code');
  if (credential && !signedIn && authMode === null) return { kind: 'wait' };
  if (authMode === 'cas' && params.get('ticket') && !signedIn) {
    const next = stripQuery(pathname, search);
    return {
      kind: 'ssoReturn',
      mode: 'cas',
      returned: { ticket: params.get('ticket')! },
      service: input.appUrl + next,
      next,
    };
  }
  // Spec §8: a provider that refused (RFC 6749 `error`, no code) is a failed sign-on, not a reason to go back there
  if (authMode === 'oauth' && params.get('error') && !params.get('code') && !signedIn) {
    return { kind: 'redirect', to: '/500' };
  }
  if (authMode === 'oauth' && params.get('code') && !signedIn) {
    const rest = new URLSearchParams(search);
    for (const key of OAUTH_RETURN_KEYS) rest.delete(key);
    const next = stripQuery(pathname, rest.toString());
    const returned: Record<string, string> = { code: params.get('code')! };
    for (const key of ['state', 'iss'] as const) {
      const value = params.get(key);
      if (value) returned[key] = value;
    }
    return { kind: 'ssoReturn', mode: 'oauth', returned, service: input.appUrl + next, next };
  }

  if (isWhitelisted(pathname)) {
    if (signedIn && isLoginPage(pathname))
      return { kind: 'redirect', to: safeRedirect(params.get('redirect')) ?? '/' };
    return { kind: 'allow' };
  }
  if (signedIn) return { kind: 'allow' };
  if (authMode === null) return { kind: 'wait' };

  const next = stripQuery(pathname, search);
  if (authMode !== 'password' && input.ssoUrl) {
    const separator = input.ssoUrl.includes('?') ? '&' : '?';
    const service = encodeURIComponent(input.appUrl + next);
    return { kind: 'ssoLeave', url: `${input.ssoUrl}${separator}service=${service}`, next };
  }
  return { kind: 'redirect', to: loginPath(here, input.landing) };
}
