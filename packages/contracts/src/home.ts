/**
 * The portal home's fixed names and limits (column kinds, providers, the grid), without the schema library:
 * the web app imports them from `@eip/contracts/home`; the schemas of the home routes build on them.
 */

/** How a column shows its data. */
export const COLUMN_KINDS = [
  'list',
  'cards',
  'figures',
  'chart',
  'calendar',
  'html',
  'links',
  'carousel',
] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** The named, typed data sources of the server (a column's dataFrom when dataMode is provider). */
export const COLUMN_PROVIDERS = [
  'todoCard',
  'leaderTodoCard',
  'newProcessCard',
  'myRequest',
  'news',
  'notices',
  'meetings',
  'innerMessages',
  'commonFlows',
  'figures',
  'requestChart',
  'links',
  'html',
] as const;
export type ColumnProvider = (typeof COLUMN_PROVIDERS)[number];

/** The kinds each provider's data can be shown as; the first is its natural one. */
export const PROVIDER_KINDS: Record<ColumnProvider, readonly ColumnKind[]> = {
  todoCard: ['list', 'cards'],
  leaderTodoCard: ['list', 'cards'],
  newProcessCard: ['cards', 'list', 'links'],
  myRequest: ['list'],
  news: ['carousel', 'list', 'cards'],
  notices: ['list'],
  meetings: ['calendar', 'list'],
  innerMessages: ['list'],
  commonFlows: ['cards', 'list', 'links'],
  figures: ['figures'],
  requestChart: ['chart'],
  links: ['links', 'list'],
  html: ['html'],
};
/** A column that calls one of the portal's own calls shows its rows as a list, or a number as a figure. */
export const CALL_KINDS: readonly ColumnKind[] = ['list', 'cards', 'figures'];

/** provider: dataFrom names a provider; call: dataFrom is one of the portal's own GET/POST calls. */
export const COLUMN_DATA_MODES = ['provider', 'call'] as const;
export type ColumnDataMode = (typeof COLUMN_DATA_MODES)[number];

/** all: everyone; secretaries: those who serve a leader; part: the roles, orgs (with sub-orgs) and posts named. */
export const COLUMN_AUDIENCES = ['all', 'secretaries', 'part'] as const;
export type ColumnAudience = (typeof COLUMN_AUDIENCES)[number];

/**
 * default: the tenant's home; role / post: the home of a role's holders or a post's (a post's wins, then a
 * role's); app: the content of an app of the 'other portals' switcher.
 */
export const LAYOUT_SCOPES = ['default', 'role', 'post', 'app'] as const;
export type LayoutScope = (typeof LAYOUT_SCOPES)[number];

/** The home grid: 12 columns of rows 60 px high with 16 px gaps. */
export const HOME_GRID = {
  cols: 12,
  rowHeight: 60,
  gap: 16,
  maxH: 20,
  maxY: 1000,
  maxItems: 40,
} as const;

/** The method permission of those who arrange the tenant's layouts and columns; administrators hold every method. */
export const PORTAL_DESIGN_METHOD = 'portal:design';

/** The largest request-header text of a column, and the most aliases one getDatasByAlias call may ask for. */
export const COLUMN_LIMITS = {
  name: 60,
  alias: 64,
  header: 2000,
  params: 20,
  paramValue: 500,
  html: 20_000,
  aliasesPerCall: 50,
  configContent: 20_000,
} as const;

/** A column alias or a layout alias: a letter, then letters, digits, _ or -. */
export const ALIAS_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** home: the user's portal home; layout: a layout of its own; url: another system's address. */
export const APP_KINDS = ['home', 'layout', 'url'] as const;
export type AppKind = (typeof APP_KINDS)[number];
