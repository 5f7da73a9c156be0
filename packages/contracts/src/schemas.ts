/**
 * The schemas of every route, under the route's name (query, body and the envelope's `value`), one file
 * per area under `schemas/`. Fastify validates and serializes with them; the OpenAPI document and the
 * web client's types come from them.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { RouteName } from './routes.js';
import type { RouteSchemas } from './schemas/route-schemas.js';
import { bpmSchemas } from './schemas/bpm.js';
import { portalSchemas } from './schemas/portal.js';
import { authUserSchemas, directorySchemas } from './schemas/uc.js';

export * from './schemas/bpm.js';
export * from './schemas/portal.js';
export type * from './schemas/route-schemas.js';
export * from './schemas/uc.js';

export const schemas = {
  ...authUserSchemas,
  ...directorySchemas,
  ...portalSchemas,
  ...bpmSchemas,
} as const satisfies Record<RouteName, RouteSchemas>;

type SchemaOf<N extends RouteName, K extends keyof RouteSchemas> = (typeof schemas)[N] extends {
  [P in K]: infer S extends TSchema;
}
  ? Static<S>
  : undefined;

export type RouteQuery<N extends RouteName> = SchemaOf<N, 'query'>;
export type RouteBody<N extends RouteName> = SchemaOf<N, 'body'>;
export type RouteValue<N extends RouteName> = SchemaOf<N, 'value'>;
