import { badRequest } from '../../errors.js';
import { SPA_BASE } from '../../http/spa.js';

/** The query flag that puts the web app in its mobile layout on any screen (spec §4 device detection). */
const MOBILE_FLAG = 'mobile';

/**
 * Spec §7 pcToMobile: the mobile address of a desktop address of this portal. The app has one layout that
 * turns mobile below 992 px, so the mobile address is the same route with mobile=1, as a path of the app
 * (the /eipFront base left off). Only a path of the app or an absolute address on `publicUrl` is accepted;
 * anything that would lead off the portal is refused, so the answer is never an open redirect.
 */
export function mobileAddress(publicUrl: string, url: string): string {
  const refuse = () => badRequest('mobile.badUrl', { url: url.slice(0, 100) });
  const portal = new URL(publicUrl);
  const appPath = /^\/(?![/\\])/.test(url);
  if (/[\s\p{Cc}\\]/u.test(url) || !(appPath || /^https?:\/\/[^/]/i.test(url))) throw refuse();
  let target: URL;
  try {
    target = new URL(url, portal);
  } catch {
    throw refuse();
  }
  if (target.origin !== portal.origin) throw refuse();
  const inApp = target.pathname === SPA_BASE || target.pathname.startsWith(`${SPA_BASE}/`);
  const route = (inApp ? target.pathname.slice(SPA_BASE.length) : target.pathname) || '/';
  // dot segments or the base left off can leave two slashes in front: a browser reads that as another host
  if (route.startsWith('//')) throw refuse();
  target.searchParams.set(MOBILE_FLAG, '1');
  return `${route}${target.search}${target.hash}`;
}
