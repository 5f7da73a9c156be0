import { Type, type Static } from '@sinclair/typebox';
import type { RouteSchemas } from './route-schemas.js';

/** The most characters a long address may have. */
export const LONG_URL_MAX_LENGTH = 2000;

/** A short code: letters and digits. */
const ShortCode = Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z]+$' });

export const ShortUrlCreated = Type.Object({
  shortUrl: Type.String({ description: 'the short code' }),
  path: Type.String({ description: 'the app address that opens it: /eipFront/surl/{code}' }),
});
export type ShortUrlCreated = Static<typeof ShortUrlCreated>;

/** Spec §3 short-link result. */
export const ShortLink = Type.Object({
  url: Type.String(),
  guestToken: Type.Union([Type.String(), Type.Null()], {
    description: 'for links made for guests: a bearer token limited to this address, valid briefly',
  }),
});
export type ShortLink = Static<typeof ShortLink>;

/** Schemas of the short-link routes (spec §7 shorturlManage). */
export const shortUrlSchemas = {
  getShortUrlByLong: {
    summary:
      'The short code of a long address in the caller’s tenant: the same address (and guest choice) always gets the same code',
    body: Type.Object({
      url: Type.String({
        minLength: 1,
        maxLength: LONG_URL_MAX_LENGTH,
        description: 'an address of the app (/eipFront/… or /…) or an http(s) address',
      }),
      guest: Type.Optional(
        Type.Boolean({ description: 'whoever opens the link may see it without signing in' }),
      ),
    }),
    value: ShortUrlCreated,
  },
  getLongUrlByShortUrl: {
    summary:
      'The long address of a short code, with a short-lived guest token when the link was made for guests',
    query: Type.Object({ shortUrl: ShortCode }),
    value: ShortLink,
  },
} as const satisfies Record<string, RouteSchemas>;
