import type { MenuItemShape } from '@eip/contracts';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { requireSelfOrAdmin } from '../bpm-personal/access.js';
import {
  accessOf,
  allMethods,
  methodsOfRoles,
  treeAliasOf,
  visibleMenus,
  type MenuRow,
} from './menu.repository.js';

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

/** The menu tree of one tree alias that a user of the tenant sees. */
async function menuTreeOf(services: Services, tenantId: string, userId: string, menuAlias: string) {
  const access = await accessOf(services.db, tenantId, userId);
  return buildMenuTree(await visibleMenus(services.db, tenantId, menuAlias, access));
}

export const currentUserMenu = (services: Services, auth: AuthContext, menuAlias: string) =>
  menuTreeOf(services, auth.tenantId, auth.userId, menuAlias);

/** Spec §7 menus by user id: a user's own, or anyone's of the tenant for an administrator. */
export async function menusOfUser(services: Services, auth: AuthContext, userId: string, menuAlias: string) {
  await requireSelfOrAdmin(services.db, auth, userId);
  return menuTreeOf(services, auth.tenantId, userId, menuAlias);
}

/** The entries under the entry `alias` that the user sees (404 when they do not see it, or it does not exist). */
export async function subMenusOfUser(services: Services, auth: AuthContext, userId: string, alias: string) {
  await requireSelfOrAdmin(services.db, auth, userId);
  const menuAlias = await treeAliasOf(services.db, auth.tenantId, alias);
  const find = (items: MenuItemShape[]): MenuItemShape | undefined =>
    items.length === 0
      ? undefined
      : (items.find((item) => item.alias === alias) ?? find(items.flatMap((item) => item.children)));
  const parent =
    menuAlias === undefined ? undefined : find(await menuTreeOf(services, auth.tenantId, userId, menuAlias));
  if (!parent) throw notFound('misc.menuNotFound', { alias });
  return parent.children;
}

export async function currentUserMethods(services: Services, auth: AuthContext) {
  const access = await accessOf(services.db, auth.tenantId, auth.userId);
  if (access === 'all') return (await allMethods(services.db, auth.tenantId)).map((m) => m.alias);
  return methodsOfRoles(services.db, auth.tenantId, access);
}
