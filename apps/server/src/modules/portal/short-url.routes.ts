import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { longUrlOf, shortUrlFor } from './short-url.service.js';

export const shortUrlHandlers = (services: Services) =>
  defineHandlers({
    getShortUrlByLong: async ({ body }, { auth, audit }) => {
      // the address, never the code: a guest link's code is a key to its page for whoever reads the trail
      audit.target = `url=${body.url.trim()} guest=${body.guest ?? false}`;
      return shortUrlFor(services, auth, body.url, body.guest ?? false);
    },
    getLongUrlByShortUrl: async ({ query }) => longUrlOf(services, query.shortUrl),
  });
