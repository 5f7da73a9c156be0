import type { TSchema } from '@sinclair/typebox';

/**
 * A route's documentation and schemas: what it does (the OpenAPI summary), path parameters (`{name}` in
 * its path), query, body and the `value` of its envelope.
 */
export interface RouteSchemas {
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  value: TSchema;
}
