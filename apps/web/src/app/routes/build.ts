import type { MenuItemShape } from '@eip/contracts';

/** Spec §2: component names that are layouts rather than pages. */
export const LAYOUT_COMPONENTS = [
  'Layout',
  'EmptyLayout',
  'DatavLayout',
  'TemplateLayout',
  'QuerySqlLayout',
  'indexLayout',
  'OnlineMenu',
  'MultilevelMenuLayout',
] as const;
export type LayoutComponent = (typeof LAYOUT_COMPONENTS)[number];

/** Spec §3: fields of a menu item that never reach a route. */
export const STRIPPED_FIELDS = [
  'activeTab',
  'id',
  'menuIcon',
  'pkVal',
  'sn',
  'sysMethods',
  'tabsStyle',
  'tenantId',
  'parentId',
] as const;

/** Spec §2: pages kept alive always, and those kept alive when their configuration flag is on. */
const ALWAYS_KEPT_ALIVE = ['myTask', 'startProcess'];

export interface RouteMeta {
  title: string;
  alias?: string;
  icon?: string;
  href?: string;
  affix?: boolean;
  noKeepAlive?: boolean;
  keepAlive?: boolean;
  isChildren?: boolean;
  index?: number;
  hidden?: boolean;
  /** Shows the 新 tag in the menu. */
  isNew?: boolean;
  /** The pairs of a query string in the menu path. */
  query?: Record<string, string>;
  [key: string]: unknown;
}

export type RouteView = { kind: 'layout'; layout: LayoutComponent } | { kind: 'page'; page: string };

export interface MenuRoute {
  /** Absolute path without query. */
  path: string;
  /** Path with the menu's query string: what a menu click opens. */
  fullPath: string;
  name: string;
  component: string;
  view: RouteView;
  /** A catalog groups other entries and is not a page itself. */
  catalog: boolean;
  meta: RouteMeta;
  children: MenuRoute[];
}

export interface BuiltRoutes {
  tree: MenuRoute[];
  /** Every page (non-catalog) entry in menu order. */
  pages: MenuRoute[];
  /** Spec §2: the first non-catalog entry; null when the menu has none. */
  landing: string | null;
}

export interface BuildOptions {
  keepAliveTemplatePreview: boolean;
  keepAliveQuerySqlPreview: boolean;
  /** Where a rejected entry is reported (spec §2: 存在相同的路由路径). */
  logError: (message: string, path: string) => void;
  duplicateMessage: string;
}

/** Thrown when a menu item cannot become a route (e.g. a route extension that is not a JSON object). */
export class RouteBuildError extends Error {
  override readonly name = 'RouteBuildError';
}

const isLayout = (name: string): name is LayoutComponent =>
  (LAYOUT_COMPONENTS as readonly string[]).includes(name);

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

/** The last segment of a path: the name an online-menu page gets. */
const lastSegment = (path: string) => path.split('/').filter(Boolean).pop() ?? '';

function parseExtension(item: MenuItemShape): Record<string, unknown> | null {
  const text = item.routeExtend?.trim();
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RouteBuildError(`routeExtend of ${item.alias || item.path} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RouteBuildError(`routeExtend of ${item.alias || item.path} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function keptAlive(component: string, meta: RouteMeta, options: BuildOptions): boolean {
  if (meta.noKeepAlive) return false;
  if (ALWAYS_KEPT_ALIVE.includes(component)) return true;
  if (component === 'templatePreview') return options.keepAliveTemplatePreview;
  if (component === 'querySqlPreview') return options.keepAliveQuerySqlPreview;
  return false;
}

/**
 * Spec §2 "Route building": turns the server menu into routes. Layout component names map to layouts, any
 * other name to the page of that name; a page without route extension becomes /onlineMenu/{name}; a query
 * string in the path goes to the meta; the stripped fields are dropped; a later entry with a path already
 * taken is dropped and logged; myTask and startProcess (and the flagged previews) are kept alive; the first
 * page entry is the landing page. Throws a RouteBuildError for an item that cannot be built.
 */
export function buildRoutes(menu: readonly MenuItemShape[], options: BuildOptions): BuiltRoutes {
  const seen = new Set<string>();
  const pages: MenuRoute[] = [];

  const build = (item: MenuItemShape, parentPath: string): MenuRoute | null => {
    const [rawPath = '', queryString = ''] = item.path.split('?');
    const catalog = item.children.length > 0;
    const extension = parseExtension(item);
    let path = joinPath(parentPath, rawPath);
    let component = item.component;
    if (!catalog && !extension) {
      path = `/onlineMenu/${lastSegment(path)}`;
      component = 'OnlineMenu';
    }

    const query = Object.fromEntries(new URLSearchParams(queryString));
    const { meta: extensionMeta, ...extensionRest } = extension ?? {};
    const meta: RouteMeta = {
      ...(Object.keys(query).length ? { ...query, query } : {}),
      ...extensionRest,
      ...(extensionMeta && typeof extensionMeta === 'object' ? extensionMeta : {}),
      ...item.meta,
      title: item.meta?.title || item.name,
      alias: item.meta?.alias || item.alias,
      ...(item.menuIcon ? { icon: item.menuIcon } : {}),
      ...(item.href ? { href: item.href } : {}),
    };

    for (const field of STRIPPED_FIELDS) delete meta[field];

    if (seen.has(path)) {
      options.logError(options.duplicateMessage, path);
      return null;
    }
    seen.add(path);

    if (!catalog && keptAlive(component, meta, options)) meta.keepAlive = true;
    const route: MenuRoute = {
      path,
      fullPath: queryString ? `${path}?${queryString}` : path,
      name: item.alias || item.name,
      component,
      view: isLayout(component) ? { kind: 'layout', layout: component } : { kind: 'page', page: component },
      catalog,
      meta,
      children: [],
    };
    if (!catalog) pages.push(route);
    route.children = item.children
      .map((child) => build(child, path))
      .filter((child): child is MenuRoute => child !== null);
    return route;
  };

  const tree = menu.map((item) => build(item, '')).filter((route): route is MenuRoute => route !== null);
  return { tree, pages, landing: pages[0]?.fullPath ?? null };
}

/** Spec §2: an unknown path goes to the landing page, or to /403 when the user has none. */
export const unknownPathTarget = (built: BuiltRoutes | null | undefined): string => built?.landing ?? '/403';
