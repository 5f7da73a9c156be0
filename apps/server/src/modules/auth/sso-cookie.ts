import { routeUrl } from '@eip/contracts';

/** The oauth state a browser keeps between leaving for the provider and coming back (ten minutes at most). */
export const SSO_STATE_COOKIE = 'eip_sso_state';
const STATE_COOKIE_SECONDS = 600;

/**
 * The Set-Cookie of the state, readable by the sign-in call only (its path), never by scripts; an empty state
 * removes it. Lax: the browser sends it when the provider brings the user back by a link.
 */
export function ssoStateCookie(state: string, publicUrl: string): string {
  const path = routeUrl('ssoAuth');
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  const age = state ? STATE_COOKIE_SECONDS : 0;
  return `${SSO_STATE_COOKIE}=${encodeURIComponent(state)}; Path=${path}; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`;
}

/** A cookie's value from a Cookie header; undefined when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
