import { route } from './route.js';

/** Short links /surl/{code} (spec §2 route guard, §3 short-link result, §7 shorturlManage). */
export const shortUrlRoutes = {
  getShortUrlByLong: route({
    method: 'POST',
    group: 'portal',
    path: 'shorturlManage/getShortUrlByLong',
    access: 'user',
    audit: 'shortUrl.create',
  }),
  getLongUrlByShortUrl: route({
    method: 'GET',
    group: 'portal',
    path: 'shorturlManage/getLongUrlByShortUrl',
    access: 'public',
  }),
};
