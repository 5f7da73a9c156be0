import type { TSchema } from '@sinclair/typebox';

/** Schemas of a route: query, body and the `value` of its envelope. */
export interface RouteSchemas {
  query?: TSchema;
  body?: TSchema;
  value: TSchema;
}
