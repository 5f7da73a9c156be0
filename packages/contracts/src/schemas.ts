/**
 * The schemas of every route, under the route's name (query, body and the envelope's `value`), one file
 * per area under `schemas/`. Fastify validates and serializes with them; the OpenAPI document and the
 * web client's types come from them.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { RouteName } from './routes.js';
import type { RouteSchemas } from './schemas/route-schemas.js';
import { bpmInstanceSchemas } from './schemas/bpm-instance.js';
import { bpmTaskSchemas } from './schemas/bpm-task.js';
import { bpmPersonalSchemas } from './schemas/bpm-personal.js';
import { bpmSchemas } from './schemas/bpm.js';
import { contentSchemas } from './schemas/content.js';
import { dataSchemas } from './schemas/data.js';
import { fileSchemas } from './schemas/files.js';
import { mailSchemas } from './schemas/mail.js';
import { messageSchemas } from './schemas/messages.js';
import { miscSchemas } from './schemas/misc.js';
import { portalSchemas } from './schemas/portal.js';
import { portalHomeSchemas } from './schemas/portal-home.js';
import { shortUrlSchemas } from './schemas/short-url.js';
import { signSchemas } from './schemas/sign.js';
import { authUserSchemas, directorySchemas } from './schemas/uc.js';

export * from './schemas/bpm-instance.js';
export * from './schemas/bpm-task.js';
export * from './schemas/bpm-personal.js';
export * from './schemas/bpm.js';
export * from './schemas/content.js';
export * from './schemas/data.js';
export * from './schemas/files.js';
export * from './schemas/mail.js';
export * from './schemas/messages.js';
export * from './schemas/misc.js';
export * from './schemas/portal.js';
export * from './schemas/portal-home.js';
export type * from './schemas/route-schemas.js';
export * from './schemas/short-url.js';
export * from './schemas/sign.js';
export * from './schemas/uc.js';

export const schemas = {
  ...authUserSchemas,
  ...directorySchemas,
  ...portalSchemas,
  ...shortUrlSchemas,
  ...messageSchemas,
  ...mailSchemas,
  ...bpmSchemas,
  ...bpmTaskSchemas,
  ...bpmInstanceSchemas,
  ...fileSchemas,
  ...bpmPersonalSchemas,
  ...contentSchemas,
  ...portalHomeSchemas,
  ...miscSchemas,
  ...dataSchemas,
  ...signSchemas,
} as const satisfies Record<RouteName, RouteSchemas>;

type SchemaOf<N extends RouteName, K extends keyof RouteSchemas> = (typeof schemas)[N] extends {
  [P in K]: infer S extends TSchema;
}
  ? Static<S>
  : undefined;

export type RouteParams<N extends RouteName> = SchemaOf<N, 'params'>;
export type RouteQuery<N extends RouteName> = SchemaOf<N, 'query'>;
export type RouteBody<N extends RouteName> = SchemaOf<N, 'body'>;
export type RouteValue<N extends RouteName> = SchemaOf<N, 'value'>;
