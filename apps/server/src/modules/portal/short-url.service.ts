import { randomInt } from 'node:crypto';
import type { ShortLink, ShortUrlCreated } from '@eip/contracts';
import { badRequest, notFound } from '../../errors.js';
import { SPA_BASE } from '../../http/spa.js';
import type { AuthContext } from '../../security/tokens.js';
import { carriesCredential } from '../../security/url-credentials.js';
import type { Services } from '../../services.js';
import { findLiveCode, findLiveLink, insertShortUrl, lockLongUrl } from './short-url.repository.js';

const CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^8 codes: guessing a live one is hopeless. */
const CODE_LENGTH = 8;
/** A fresh code collides with a stored one about never; a few tries make it never in practice. */
const CODE_ATTEMPTS = 5;
/** How long the guest token of a link made for guests lasts: long enough to read the page. */
export const GUEST_TOKEN_TTL_SECONDS = 30 * 60;
/** How long a link made for guests opens its page (分享): a forwarded link does not read a request for ever. */
export const GUEST_LINK_TTL_DAYS = 7;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * A long address worth a link: a path of the app (one leading slash) or an http(s) address, without
 * spaces or control characters.
 */
function checkedLongUrl(url: string): string {
  const trimmed = url.trim();
  const clean = !/[\s\p{Cc}]/u.test(trimmed);
  const appPath = /^\/(?![/\\])/.test(trimmed);
  const web = /^https?:\/\/[^/\\]/i.test(trimmed);
  if (!clean || !(appPath || web)) throw badRequest('shortUrl.badUrl', { url: trimmed.slice(0, 100) });
  // issue 14: a link must never hand its maker's sign-in to whoever opens it (a guest link gets a scoped token)
  if (carriesCredential(trimmed)) throw badRequest('shortUrl.credential');
  return trimmed;
}

/**
 * The short code of a long address in the caller's tenant: the live link already made for the same
 * address and guest choice (for guests: by the caller), or a new one.
 */
export async function shortUrlFor(
  services: Services,
  auth: AuthContext,
  url: string,
  guest: boolean,
): Promise<ShortUrlCreated> {
  const longUrl = checkedLongUrl(url);
  const code = await services.db.transaction(async (tx) => {
    await lockLongUrl(tx, auth.tenantId, longUrl);
    const existing = await findLiveCode(tx, auth.tenantId, longUrl, guest, auth.userId, new Date());
    if (existing) return existing;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const candidate = newCode();
      const link = {
        tenantId: auth.tenantId,
        code: candidate,
        longUrl,
        guest,
        createdBy: auth.userId,
        expiresAt: guest ? new Date(Date.now() + GUEST_LINK_TTL_DAYS * 86_400_000) : null,
      };
      if (await insertShortUrl(tx, link)) return candidate;
    }
    throw new Error(`no free short code after ${CODE_ATTEMPTS} attempts`);
  });
  return { shortUrl: code, path: `${SPA_BASE}/surl/${code}` };
}

/**
 * Spec §2: the long address of a short code; a link made for guests comes with a guest token limited to
 * that address. An unknown or expired code is a 404.
 */
export async function longUrlOf(services: Services, code: string): Promise<ShortLink> {
  const link = await findLiveLink(services.db, code, new Date());
  if (!link) throw notFound('shortUrl.notFound', { code });
  if (!link.guest) return { url: link.longUrl, guestToken: null };
  const { token } = await services.tokens.issueGuest(
    { tenantId: link.tenantId, url: link.longUrl, sharedBy: link.createdBy },
    GUEST_TOKEN_TTL_SECONDS,
  );
  return { url: link.longUrl, guestToken: token };
}
