import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const Envelope = <T extends TSchema>(value: T) =>
  Type.Object({
    state: Type.Boolean(),
    code: Type.Integer(),
    message: Type.String(),
    value,
    requestId: Type.Optional(Type.String()),
  });

/** A string that is one of `values` (a union of literals), with what it means. */
export const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  );

/** A time as the API writes it. */
export const DateTime = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: 'ISO 8601 with offset',
});

export const PageList = <T extends TSchema>(row: T) =>
  Type.Object({
    rows: Type.Array(row),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const QUERY_OPERATIONS = [
  'EQUAL',
  'EQUAL_IGNORE_CASE',
  'LESS',
  'GREAT',
  'LESS_EQUAL',
  'GREAT_EQUAL',
  'NOT_EQUAL',
  'LIKE',
  'LEFT_LIKE',
  'RIGHT_LIKE',
  'IS_NULL',
  'NOTNULL',
  'IN',
  'BETWEEN',
] as const;
export type QueryOperation = (typeof QUERY_OPERATIONS)[number];

export const MAX_PAGE_SIZE = 1000;

const QueryValue = Type.Union([
  Type.String({ maxLength: 1000 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]), { maxItems: 1000 }),
]);

/** One condition of a QueryFilter. The operation is checked by the server (a clear 400 names it). */
export const QueryField = Type.Object({
  property: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(QueryValue),
  operation: Type.Optional(Type.String({ maxLength: 40 })),
  relation: Type.Optional(Type.Union([Type.Literal('AND'), Type.Literal('OR')])),
  group: Type.Optional(Type.String({ maxLength: 50 })),
});
export type QueryField = Static<typeof QueryField>;

export const QueryFilter = Type.Object({
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
      showTotal: Type.Optional(Type.Boolean()),
    }),
  ),
  querys: Type.Optional(Type.Array(QueryField, { maxItems: 100 })),
  sorter: Type.Optional(
    Type.Array(
      Type.Object({
        property: Type.String({ minLength: 1, maxLength: 100 }),
        direction: Type.Optional(
          Type.Union([Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc')]),
        ),
      }),
      { maxItems: 10 },
    ),
  ),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  groupRelation: Type.Optional(Type.Union([Type.Literal('AND'), Type.Literal('OR')])),
});
export type QueryFilter = Static<typeof QueryFilter>;

/** What a download route answers: the file itself, not wrapped in the envelope (spec §8). */
export const FileBytes = Type.Unknown({ description: 'the file itself, not wrapped in the envelope' });

export const IdsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 10000 }) });
export const Empty = Type.Object({});
export const Nothing = Type.Null();
