import { Type, type Static } from '@sinclair/typebox';
import { IdsQuery, PageList, QueryFilter, oneOf } from '../common.js';
import { BoField } from './data.js';
import type { RouteSchemas } from './route-schemas.js';

const Alias = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const FieldName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
const Row = Type.Record(Type.String(), Type.Unknown(), { description: 'the id and the view’s columns' });
const Params = Type.Record(Type.String(), Type.Unknown(), {
  description: 'the values of the query’s parameters, by name; each is a bound value, never SQL',
});

/** The operations a condition of a custom query may use. */
export const CUSTOM_QUERY_OPERATIONS = [
  'EQUAL',
  'NOT_EQUAL',
  'LIKE',
  'RIGHT_LIKE',
  'GREAT',
  'GREAT_EQUAL',
  'LESS',
  'LESS_EQUAL',
] as const;
export type CustomQueryOperation = (typeof CUSTOM_QUERY_OPERATIONS)[number];

/** The most columns, conditions and parameters one query may have. */
export const CUSTOM_QUERY_MAX_COLUMNS = 40;

export const QueryParam = Type.Object({
  name: FieldName,
  label: Name,
  type: oneOf(['string', 'number', 'date'] as const),
  required: Type.Optional(Type.Boolean()),
});
export type QueryParam = Static<typeof QueryParam>;

/** A condition on a field of the business object: its value is a parameter’s or a fixed one. */
export const QueryCondition = Type.Object({
  field: FieldName,
  operation: oneOf(CUSTOM_QUERY_OPERATIONS),
  /** the parameter giving the value; a condition whose parameter is empty is left out */
  param: Type.Optional(FieldName),
  value: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number()])),
});
export type QueryCondition = Static<typeof QueryCondition>;

/** A query view: the columns one page of the query shows (QuerySqlLayout lists a query’s views). */
export const QueryView = Type.Object({
  alias: Alias,
  name: Name,
  columns: Type.Array(FieldName, { minItems: 1, maxItems: CUSTOM_QUERY_MAX_COLUMNS }),
});
export type QueryView = Static<typeof QueryView>;

/** What an administrator defines: never SQL text, only fields of one business object. */
export const CustomQueryDefinition = Type.Object({
  boAlias: Alias,
  params: Type.Array(QueryParam, { maxItems: 20 }),
  conditions: Type.Array(QueryCondition, { maxItems: CUSTOM_QUERY_MAX_COLUMNS }),
  columns: Type.Array(FieldName, { minItems: 1, maxItems: CUSTOM_QUERY_MAX_COLUMNS }),
  sorter: Type.Array(Type.Object({ property: FieldName, direction: oneOf(['ASC', 'DESC'] as const) }), {
    maxItems: 5,
  }),
  views: Type.Array(QueryView, { minItems: 1, maxItems: 10 }),
});
export type CustomQueryDefinition = Static<typeof CustomQueryDefinition>;

export const CustomQueryInput = Type.Object({
  id: Type.Optional(Id),
  alias: Alias,
  name: Name,
  ...CustomQueryDefinition.properties,
});
export type CustomQueryInput = Static<typeof CustomQueryInput>;

export const CustomQuery = Type.Object({
  ...CustomQueryInput.properties,
  id: Type.String(),
  /** the business object’s fields the columns name (createTime and updateTime as dates) */
  fields: Type.Array(BoField),
});
export type CustomQuery = Static<typeof CustomQuery>;

export const CHART_TYPES = ['bar', 'line', 'pie', 'table'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** A chart over a custom query: a category (a field, dates by month or year) and one aggregated value. */
export const CustomChart = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  queryAlias: Type.String(),
  type: oneOf(CHART_TYPES),
  category: FieldName,
  bucket: oneOf(['value', 'month', 'year'] as const),
  /** the summed or averaged field; count needs none */
  valueField: Type.Optional(FieldName),
  aggregate: oneOf(['sum', 'count', 'avg'] as const),
  /** the query’s parameter values the chart applies */
  params: Params,
});
export type CustomChart = Static<typeof CustomChart>;

export const ChartData = Type.Object({
  type: oneOf(CHART_TYPES),
  name: Type.String(),
  categories: Type.Array(Type.String()),
  series: Type.Array(Type.Object({ name: Type.String(), data: Type.Array(Type.Number()) })),
});
export type ChartData = Static<typeof ChartData>;

/**
 * A picker: a list over a query view (searched on some of its columns) or over the directory's active users,
 * or the tree of the organisation.
 */
export const CustomDialog = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  style: oneOf(['list', 'tree'] as const),
  /** list: the query and the view giving the rows */
  queryAlias: Type.Optional(Type.String()),
  viewAlias: Type.Optional(Type.String()),
  /** list: the directory's active users (id, account, fullname, orgName), searched by name or account */
  listSource: Type.Optional(oneOf(['user'] as const)),
  /** tree: where the nodes come from */
  treeSource: Type.Optional(oneOf(['org'] as const)),
  /** the column whose value the field takes, and the one shown */
  valueField: Type.String(),
  labelField: Type.String(),
  /** the columns the search box looks in (LIKE) */
  searchFields: Type.Array(Type.String()),
});
export type CustomDialog = Static<typeof CustomDialog>;

export const TreeNode = Type.Object({
  id: Type.String(),
  parentId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
});
export type TreeNode = Static<typeof TreeNode>;

const Bytes = Type.Unknown({ description: 'the file itself, not wrapped in the envelope' });

/** Schemas of spec §7 custom query, query views, custom charts and custom dialogs. */
export const querySchemas = {
  customQueryGetByAlias: {
    summary: 'A custom query by alias: its business object, parameters, conditions, columns, sort and views',
    body: Type.Object({ alias: Alias }),
    value: CustomQuery,
  },
  customQueryList: {
    summary: 'The tenant’s custom queries, paged and filtered (alias, name, boAlias)',
    body: QueryFilter,
    value: PageList(CustomQuery),
  },
  customQuerySave: {
    summary:
      'Creates (no id) or changes a custom query (administrators): fields, operations and parameters are checked against the business object; no SQL text is taken',
    body: CustomQueryInput,
    value: CustomQuery,
  },
  customQueryRemove: {
    summary: 'Deletes custom queries (administrators; ids comma-joined)',
    query: IdsQuery,
    value: Type.Object({ deleted: Type.Integer() }),
  },
  queryViewGetJson: {
    summary: 'A custom query with its views by id or alias (the QuerySqlLayout page shows one tab per view)',
    query: Type.Object({ id: Id }),
    value: CustomQuery,
  },
  queryViewData: {
    summary:
      'One page of a query view: params are the query’s parameter values; querys filter and sorter sort on the view’s columns. The tenant’s rows only, under a statement timeout',
    params: Type.Object({ sqlAlias: Alias, alias: Alias }),
    body: QueryFilter,
    value: PageList(Row),
  },
  queryViewExport: {
    summary: 'An .xlsx of every row of a query view (at most 100,000) for the parameter values given',
    body: Type.Object({
      sqlAlias: Alias,
      alias: Alias,
      params: Type.Optional(Params),
      sorter: QueryFilter.properties.sorter,
    }),
    value: Bytes,
  },
  customChartGet: {
    summary: 'A custom chart by id or alias',
    params: Type.Object({ id: Id }),
    value: CustomChart,
  },
  customChartListData: {
    summary:
      'The data of a chart: its query’s rows grouped by the category and aggregated (at most 500 categories); body params override the chart’s parameter values',
    query: Type.Object({ alias: Alias }),
    body: Type.Object({ params: Type.Optional(Params) }),
    value: ChartData,
  },
  customDialogGetByAlias: {
    summary: 'A custom dialog by alias: a list over a query view, or a tree',
    query: Type.Object({ alias: Alias }),
    value: CustomDialog,
  },
  customDialogTreeData: {
    summary:
      'The nodes of a tree dialog (the organisation of the default dimension), flat with their parents',
    query: Type.Object({ alias: Alias }),
    value: Type.Array(TreeNode),
  },
} as const satisfies Record<string, RouteSchemas>;
