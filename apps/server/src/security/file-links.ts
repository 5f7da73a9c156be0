import type { SignedImage } from '@eip/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed image address names: a tenant's file, at a size, until a time (seconds since the epoch). */
export interface ImageLink {
  tenantId: string;
  fileId: string;
  thumbnail: string;
  exp: number;
}

/**
 * Signed addresses of images (the covers a home column shows): the page loads them as plain `<img>` without
 * the bearer token, so they cost no API call and the browser caches them. An address is good for one to
 * two hours — the same one within an hour, so the cache holds — and names one file at one size of one
 * tenant; whoever was given it by the server could see that image anyway.
 */
export function createImageLinks(key: Buffer, hourSeconds = 3600) {
  const sign = (link: ImageLink) =>
    createHmac('sha256', key)
      .update(`${link.tenantId}\n${link.fileId}\n${link.thumbnail}\n${link.exp}`)
      .digest('base64url');
  return {
    /** The query of the image download that shows the file at that size without a token. */
    query(
      tenantId: string,
      fileId: string,
      thumbnail: SignedImage['thumbnail'],
      now = Date.now(),
    ): SignedImage {
      const exp = (Math.floor(now / 1000 / hourSeconds) + 2) * hourSeconds;
      const link = { tenantId, fileId, thumbnail, exp };
      return { fileId, thumbnail, t: tenantId, exp: String(exp), sig: sign(link) };
    },
    /** Whether the signature is the server's for that file, size and time, and the time has not passed. */
    verify(link: ImageLink, sig: string, now = Date.now()): boolean {
      const expected = Buffer.from(sign(link));
      const given = Buffer.from(sig);
      return link.exp * 1000 > now && given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type ImageLinks = ReturnType<typeof createImageLinks>;
