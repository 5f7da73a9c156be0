/**
 * The route table: every call of spec §7 by name, with its method, group and path as the spec writes it,
 * one file per section of spec §7 under `routes/`. It holds no schemas so the web app can import it
 * without the schema library; the schemas of each route live in `schemas/` under the same name, and the
 * types make both tables cover the same names. The URL of a route is `{group base}/{path}`; the default
 * base of a group is `/{group}`.
 */
import { authUserRoutes } from './routes/auth-user.js';
import { bpmInstanceRoutes } from './routes/bpm-instance.js';
import { bpmTaskRoutes } from './routes/bpm-task.js';
import { bpmPersonalRoutes } from './routes/bpm-personal.js';
import { bpmRoutes } from './routes/bpm.js';
import { contentRoutes } from './routes/content.js';
import { dataRoutes } from './routes/data.js';
import { fileRoutes } from './routes/files.js';
import { mailRoutes } from './routes/mail.js';
import { messageRoutes } from './routes/messages.js';
import { miscRoutes } from './routes/misc.js';
import { directoryRoutes } from './routes/directory.js';
import { portalRoutes } from './routes/portal.js';
import { portalHomeRoutes } from './routes/portal-home.js';
import { shortUrlRoutes } from './routes/short-url.js';
import { signRoutes } from './routes/sign.js';
import type { RouteInfo } from './routes/route.js';

export * from './routes/route.js';
/** The runtime sections on their own (the authority sweep goes through them). */
export { bpmInstanceRoutes, bpmTaskRoutes, portalHomeRoutes };

export const routes = {
  ...authUserRoutes,
  ...directoryRoutes,
  ...portalRoutes,
  ...shortUrlRoutes,
  ...messageRoutes,
  ...mailRoutes,
  ...bpmRoutes,
  ...bpmTaskRoutes,
  ...bpmInstanceRoutes,
  ...fileRoutes,
  ...bpmPersonalRoutes,
  ...contentRoutes,
  ...portalHomeRoutes,
  ...miscRoutes,
  ...dataRoutes,
  ...signRoutes,
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof routes;

/** The URL of a route under its group's base (default `/{group}`), its `{name}` parameters filled in. */
export const routeUrl = (
  name: RouteName,
  base = `/${routes[name].group}`,
  params: Record<string, string> = {},
): string =>
  `${base}/${routes[name].path.replace(/^\//, '')}`.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? encodeURIComponent(params[key]!) : whole,
  );
