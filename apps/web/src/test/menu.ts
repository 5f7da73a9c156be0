import type { MenuItemShape } from '@eip/contracts';
import { vi } from 'vitest';
import type { BuildOptions } from '../app/routes/build';

let nextId = 1;

/** A server menu item of a page; `extra` overrides any field. */
export function menuItem(path: string, component: string, extra: Partial<MenuItemShape> = {}): MenuItemShape {
  const alias = extra.alias ?? `m${nextId}`;
  return {
    id: String(nextId++),
    parentId: null,
    alias,
    code: alias,
    name: extra.name ?? alias,
    sn: nextId,
    path,
    menuUrl: null,
    href: null,
    routeExtend: '{}',
    component,
    menuIcon: 'HomeOutlined',
    tabsStyle: null,
    activeTab: null,
    tenantId: '-1',
    meta: { title: extra.name ?? alias, alias },
    children: [],
    ...extra,
  };
}

/** A server menu item that groups others (no route extension). */
export const menuCatalog = (
  path: string,
  children: MenuItemShape[],
  component = 'Layout',
  extra: Partial<MenuItemShape> = {},
) => menuItem(path, component, { routeExtend: null, children, ...extra });

/** Route-building options with the configuration flags off and a recorded error log. */
export function buildOptions(extra: Partial<BuildOptions> = {}): BuildOptions {
  return {
    keepAliveTemplatePreview: false,
    keepAliveQuerySqlPreview: false,
    logError: vi.fn(),
    duplicateMessage: '存在相同的路由路径',
    ...extra,
  };
}
