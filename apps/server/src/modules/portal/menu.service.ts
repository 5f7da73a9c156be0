import type { MenuItemShape } from '@eip/contracts';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { accessOf, allMethods, methodsOfRoles, visibleMenus, type MenuRow } from './menu.repository.js';

const toItem = (row: MenuRow): MenuItemShape => ({
  id: row.id,
  parentId: row.parentId,
  alias: row.alias,
  code: row.code,
  name: row.name,
  sn: row.sn,
  path: row.path,
  menuUrl: row.menuUrl,
  href: row.href,
  routeExtend: row.routeExtend,
  component: row.component,
  menuIcon: row.menuIcon,
  tabsStyle: row.tabsStyle,
  activeTab: row.activeTab,
  tenantId: row.tenantId,
  meta: {
    title: row.name,
    alias: row.alias,
    ...(row.href ? { href: row.href } : {}),
    ...(row.affix ? { affix: true } : {}),
    ...(row.noKeepAlive ? { noKeepAlive: true } : {}),
  },
  children: [],
});

/**
 * The visible items as a tree in `sn` order. A child whose parent is hidden is hidden too; a catalog
 * (an item with children in the table) that ends with no visible child is left out.
 */
export function buildMenuTree(rows: MenuRow[]): MenuItemShape[] {
  const items = new Map(rows.map((r) => [r.id, toItem(r)]));
  const parentsWithChildren = new Set(rows.map((r) => r.parentId).filter((id): id is string => id !== null));
  const roots: MenuItemShape[] = [];
  for (const item of items.values()) {
    if (item.parentId === null) roots.push(item);
    else items.get(item.parentId)?.children.push(item);
  }
  const prune = (list: MenuItemShape[]): MenuItemShape[] =>
    list
      .map((item) => ({ ...item, children: prune(item.children) }))
      .filter((item) => !(parentsWithChildren.has(item.id) && item.children.length === 0))
      .map((item) => (item.children.length ? { ...item, meta: { ...item.meta, isChildren: true } } : item));
  return prune(roots);
}

export async function currentUserMenu(services: Services, auth: AuthContext, menuAlias: string) {
  const access = await accessOf(services.db, auth.tenantId, auth.userId);
  return buildMenuTree(await visibleMenus(services.db, auth.tenantId, menuAlias, access));
}

export async function currentUserMethods(services: Services, auth: AuthContext) {
  const access = await accessOf(services.db, auth.tenantId, auth.userId);
  if (access === 'all') return (await allMethods(services.db, auth.tenantId)).map((m) => m.alias);
  return methodsOfRoles(services.db, auth.tenantId, access);
}
