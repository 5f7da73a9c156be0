import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdsQuery, oneOf } from '../common.js';
import { Id, Nullable } from './bpm.js';
import { SignedImage } from './files.js';
import {
  ALIAS_PATTERN,
  APP_KINDS,
  COLUMN_AUDIENCES,
  COLUMN_DATA_MODES,
  COLUMN_KINDS,
  COLUMN_LIMITS,
  HOME_GRID,
  LAYOUT_SCOPES,
} from '../home.js';
import type { RouteSchemas } from './route-schemas.js';

export * from '../home.js';

/**
 * The portal home: columns (portal blocks), the layouts that place them on a grid, the user's own
 * arrangement, and the apps of the 'other portals' switcher.
 */

const Alias = Type.String({ pattern: ALIAS_PATTERN, maxLength: COLUMN_LIMITS.alias });

export const ColumnParam = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ maxLength: COLUMN_LIMITS.paramValue }),
});

/** A column (sysIndexColumn) as the home and the catalogue show it. */
export const Column = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  kind: oneOf(COLUMN_KINDS, 'how the column shows its data'),
  dataMode: oneOf(COLUMN_DATA_MODES, 'provider: a named data source; call: one of the portal’s own calls'),
  dataFrom: Type.String({
    description:
      'a provider name, or a call as `${group}/path` (groups: ${portal}, ${bpmRunTime}, ${bpmModel}, ${uc}, ${form}, ${auth})',
  }),
  requestType: oneOf(['GET', 'POST'] as const, 'how a call column calls'),
  dataParam: Type.Array(ColumnParam, { description: 'sent as the query (GET) or the body (POST)' }),
  requestHeader: Nullable(Type.String({ description: 'request headers of a call column, a JSON object' })),
  templateHtml: Nullable(Type.String({ description: 'the rich text of an html column, sanitised' })),
  moreUrl: Nullable(Type.String({ description: 'the portal page “更多” opens' })),
  colHeight: Type.Integer({ description: 'rows of the grid the column takes when added' }),
  refreshSeconds: Nullable(Type.Integer({ description: 'the column refreshes itself this often' })),
  audience: oneOf(COLUMN_AUDIENCES, 'who may see the column'),
  roleIds: Type.Array(Type.String()),
  orgIds: Type.Array(Type.String()),
  postIds: Type.Array(Type.String()),
  updateTime: DateTime,
});
export type Column = Static<typeof Column>;

export const ColumnSave = Type.Object({
  id: Type.Optional(Id),
  alias: Alias,
  name: Type.String({ minLength: 1, maxLength: COLUMN_LIMITS.name }),
  kind: oneOf(COLUMN_KINDS, 'how the column shows its data'),
  dataMode: oneOf(COLUMN_DATA_MODES, 'provider or call'),
  dataFrom: Type.String({ minLength: 1, maxLength: 300 }),
  requestType: Type.Optional(oneOf(['GET', 'POST'] as const, 'default GET')),
  dataParam: Type.Optional(Type.Array(ColumnParam, { maxItems: COLUMN_LIMITS.params })),
  requestHeader: Type.Optional(
    Nullable(
      Type.String({
        maxLength: COLUMN_LIMITS.header,
        description: 'a JSON object of header names and text values; text that is not JSON is refused',
      }),
    ),
  ),
  templateHtml: Type.Optional(Nullable(Type.String({ maxLength: COLUMN_LIMITS.html }))),
  moreUrl: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  colHeight: Type.Optional(Type.Integer({ minimum: 2, maximum: HOME_GRID.maxH })),
  refreshSeconds: Type.Optional(Nullable(Type.Integer({ minimum: 30, maximum: 86_400 }))),
  audience: oneOf(COLUMN_AUDIENCES, 'who may see the column'),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  orgIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  postIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  updateTime: Type.Optional(
    Type.String({ maxLength: 40, description: 'the version a change is based on (required with id)' }),
  ),
});
export type ColumnSave = Static<typeof ColumnSave>;

/** One entry of a column: a task, a flow, a news item, a meeting, a message, a link. */
export const ColumnItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.Optional(Type.String()),
  /** ISO date-time: when it arrived, was published or starts */
  time: Type.Optional(Type.String()),
  /** ISO date-time: when a meeting ends */
  end: Type.Optional(Type.String()),
  /** the portal page it opens (a path of the SPA) or an http(s) address */
  link: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
  unread: Type.Optional(Type.Boolean()),
  urgent: Type.Optional(Type.Boolean()),
  imageFileId: Type.Optional(Type.String()),
  /** the query of the image download that shows its picture without the bearer token (signed, for an hour or two) */
  image: Type.Optional(SignedImage),
});
export type ColumnItem = Static<typeof ColumnItem>;

export const ColumnFigure = Type.Object({
  key: Type.String(),
  label: Type.String(),
  value: Type.Number(),
  decimals: Type.Integer({ minimum: 0, description: 'count-up decimals (spec §5: >= 0)' }),
  link: Type.Optional(Type.String()),
});
export type ColumnFigure = Static<typeof ColumnFigure>;

export const ColumnChart = Type.Object({
  categories: Type.Array(Type.String()),
  series: Type.Array(
    Type.Object({ key: Type.String(), name: Type.String(), data: Type.Array(Type.Number()) }),
  ),
});
export type ColumnChart = Static<typeof ColumnChart>;

/** What a column shows: items (with their total), figures, a chart or rich text, by its kind. */
export const ColumnData = Type.Object({
  items: Type.Optional(Type.Array(ColumnItem)),
  total: Type.Optional(Type.Integer({ description: 'how many items there are in all (the card’s count)' })),
  figures: Type.Optional(Type.Array(ColumnFigure)),
  chart: Type.Optional(ColumnChart),
  html: Type.Optional(Type.String()),
});
export type ColumnData = Static<typeof ColumnData>;

/** One column's answer: a column that fails says why, and the others still answer. */
export const ColumnResult = Type.Object({
  state: Type.Boolean(),
  message: Type.String(),
  data: Nullable(ColumnData),
});
export type ColumnResult = Static<typeof ColumnResult>;

export const LayoutItem = Type.Object({
  alias: Alias,
  x: Type.Integer({ minimum: 0, maximum: HOME_GRID.cols - 1 }),
  y: Type.Integer({ minimum: 0, maximum: HOME_GRID.maxY }),
  w: Type.Integer({ minimum: 1, maximum: HOME_GRID.cols }),
  h: Type.Integer({ minimum: 1, maximum: HOME_GRID.maxH }),
});
export type LayoutItem = Static<typeof LayoutItem>;
const LayoutItems = Type.Array(LayoutItem, { maxItems: HOME_GRID.maxItems });

/** A layout (sysIndexLayoutManage): columns placed on the grid. */
export const Layout = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  memo: Nullable(Type.String()),
  scope: oneOf(LAYOUT_SCOPES, 'default, role, post or app'),
  scopeId: Nullable(Type.String({ description: 'the role or post of a role or post layout' })),
  scopeName: Nullable(Type.String()),
  items: LayoutItems,
  updateTime: DateTime,
});
export type Layout = Static<typeof Layout>;

export const LayoutSave = Type.Object({
  id: Type.Optional(Id),
  alias: Alias,
  name: Type.String({ minLength: 1, maxLength: COLUMN_LIMITS.name }),
  memo: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  scope: oneOf(LAYOUT_SCOPES, 'default, role, post or app'),
  scopeId: Type.Optional(Nullable(Id)),
  items: LayoutItems,
  updateTime: Type.Optional(
    Type.String({ maxLength: 40, description: 'the version a change is based on (required with id)' }),
  ),
});
export type LayoutSave = Static<typeof LayoutSave>;

/** The user's own arrangement of a layout: where each column is, and which are hidden. */
export const UserLayout = Type.Object({
  layoutId: Type.String(),
  items: LayoutItems,
  hidden: Type.Array(Type.String()),
  updateTime: DateTime,
});
export type UserLayout = Static<typeof UserLayout>;

/** The arrangement inside configContent. */
export const UserLayoutContent = Type.Object({
  items: LayoutItems,
  hidden: Type.Optional(Type.Array(Alias, { maxItems: HOME_GRID.maxItems })),
});
export type UserLayoutContent = Static<typeof UserLayoutContent>;

export const UserLayoutSave = Type.Object({
  layoutId: Id,
  configContent: Type.String({
    minLength: 2,
    maxLength: COLUMN_LIMITS.configContent,
    description: 'JSON text: {items: [{alias, x, y, w, h}], hidden: [alias]}',
  }),
  updateTime: Nullable(
    Type.String({
      maxLength: 40,
      description:
        'the updateTime of the arrangement this one was made from; null for a first one. A save based on an older one is refused (409)',
    }),
  ),
});
export type UserLayoutSave = Static<typeof UserLayoutSave>;

/** What the home page shows: the effective layout, the user's arrangement of it, the columns they may see. */
export const HomeView = Type.Object({
  layout: Nullable(Layout),
  personal: Nullable(UserLayout),
  columns: Type.Array(Column),
  canDesign: Type.Boolean({ description: 'the caller arranges the tenant’s layouts and columns' }),
});
export type HomeView = Static<typeof HomeView>;

/** An app of the 'other portals' switcher (sysApp). */
export const SysApp = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
  kind: oneOf(APP_KINDS, 'home, layout or url'),
  url: Nullable(Type.String({ description: 'a url app’s address' })),
});
export type SysApp = Static<typeof SysApp>;

/** An app with what it shows: a layout app's layout and columns. */
export const AppContent = Type.Composite([
  SysApp,
  Type.Object({ layout: Nullable(Layout), columns: Type.Array(Column) }),
]);
export type AppContent = Static<typeof AppContent>;

const AliasQuery = Type.Object({ alias: Alias });

/** Schemas of the portal-home routes. */
export const portalHomeSchemas = {
  vueFrontHome: {
    summary:
      'The caller’s home: the effective layout (their post’s, else a role’s, else the tenant’s default), their own arrangement of it, and the columns they may see',
    value: HomeView,
  },
  getColumnByAlias: {
    summary: 'One column the caller may see (404 unknown, 403 not theirs)',
    query: AliasQuery,
    value: Column,
  },
  getColumnList: {
    summary: 'The column catalogue: the columns the caller may see (designers: all)',
    body: Type.Object({}),
    value: Type.Array(Column),
  },
  getDatasByAlias: {
    summary:
      'The data of many columns in one call, keyed by alias (the web merges the requests made within 50 ms). A column that fails answers its own state false and message; an unknown alias is 404, a column the caller may not see 403',
    body: Type.Object({
      aliases: Type.Array(Alias, { minItems: 1, maxItems: COLUMN_LIMITS.aliasesPerCall, uniqueItems: true }),
    }),
    value: Type.Record(Type.String(), ColumnResult),
  },
  saveColumn: {
    summary:
      'Designers create or change a column. A call column must name one of the portal’s own GET/POST reads with that method (never an address outside); its request headers must be a JSON object (请求头部不是有效的JSON格式); rich text is sanitised',
    body: ColumnSave,
    value: Column,
  },
  removeColumns: {
    summary: 'Designers delete columns that no layout places (409 names the layouts that do)',
    query: IdsQuery,
    value: Type.Integer({ description: 'columns deleted' }),
  },
  getLayoutByAlias: {
    summary:
      'One layout by alias: the caller’s own (default, their role’s or post’s, an app they may open), or any for designers; only the columns the caller may see',
    query: AliasQuery,
    value: Layout,
  },
  getLayoutList: {
    summary: 'Designers: every layout of the tenant',
    value: Type.Array(Layout),
  },
  saveLayout: {
    summary:
      'Designers save a layout as the tenant’s default or a role’s, post’s or app’s; a change based on an older updateTime is refused (409)',
    body: LayoutSave,
    value: Layout,
  },
  removeLayouts: {
    summary:
      'Designers delete role, post and app layouts (the default stays); users’ arrangements of them go too',
    query: IdsQuery,
    value: Type.Integer({ description: 'layouts deleted' }),
  },
  saveUserLayoutConfig: {
    summary:
      'Stores the caller’s own arrangement of a layout (configContent); one based on an older updateTime than the stored one is refused (409) and nothing changes',
    body: UserLayoutSave,
    value: UserLayout,
  },
  saveMyLayout: {
    summary: 'The layout save of spec §7 “Auth and user”: the same as portalUserLayoutConfig/save',
    body: UserLayoutSave,
    value: UserLayout,
  },
  resetUserLayoutConfig: {
    summary:
      'Drops the caller’s own arrangement of a layout: the layout as arranged by the designers shows again (恢复默认, 获取最新门户)',
    query: Type.Object({ layoutId: Id }),
    value: Type.Boolean({ description: 'whether there was an arrangement to drop' }),
  },
  getAppAuthList: {
    summary: 'The apps of the ‘other portals’ switcher the caller may open, in order',
    body: Type.Object({}),
    value: Type.Array(SysApp),
  },
  getApp: {
    summary: 'An app the caller may open, with its layout and the columns they may see',
    query: Type.Object({ id: Id }),
    value: AppContent,
  },
} as const satisfies Record<string, RouteSchemas>;
