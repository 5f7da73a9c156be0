import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { longUrlOf, shortUrlFor } from './short-url.service.js';

export const shortUrlHandlers = (services: Services) =>
  defineHandlers({
    getShortUrlByLong: async ({ body }, { auth, audit }) => {
      const created = await shortUrlFor(services, auth, body.url, body.guest ?? false);
      audit.target = `shortUrl=${created.shortUrl}`;
      return created;
    },
    getLongUrlByShortUrl: async ({ query }) => longUrlOf(services, query.shortUrl),
  });
