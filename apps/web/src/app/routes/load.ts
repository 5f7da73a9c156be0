import type { MenuItemShape } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { KEEP_ALIVE_QUERY_SQL_PREVIEW, KEEP_ALIVE_TEMPLATE_PREVIEW, STRICT_ROUTER } from '../../config';
import { i18n } from '../../i18n';
import { useSession } from '../../stores/session';
import { buildRoutes, type BuiltRoutes } from './build';

/** The menu alias of the front end (spec §7). */
export const FRONT_MENU_ALIAS = 'front_menu';

/**
 * Spec §6: a user with no secretaries is a leader, and then the v-leader child menu (the leader todo,
 * which is for secretaries) under v-flow is removed.
 */
export function withoutLeaderTodo(menu: readonly MenuItemShape[]): MenuItemShape[] {
  return menu.map((item) =>
    item.alias === 'v-flow'
      ? { ...item, children: item.children.filter((child) => child.alias !== 'v-leader') }
      : item,
  );
}

/**
 * Fetches the user's menu, method permissions and secretary role and builds the routes. Spec §2: in strict router mode a
 * building failure resets the token and rethrows. Permissions are saved to session storage (spec §6).
 */
export async function loadRoutes(): Promise<BuiltRoutes> {
  const [menu, methods, secretary] = await Promise.all([
    call('getCurrentUserMenu', { query: { menuAlias: FRONT_MENU_ALIAS } }),
    call('getCurrentUserMethods').catch(() => null),
    call('getSecretaryByUserId').catch(() => null),
  ]);
  if (methods) useSession.getState().setPermissions(methods);
  try {
    return buildRoutes(secretary?.isLeader === false ? menu : withoutLeaderTodo(menu), {
      keepAliveTemplatePreview: KEEP_ALIVE_TEMPLATE_PREVIEW,
      keepAliveQuerySqlPreview: KEEP_ALIVE_QUERY_SQL_PREVIEW,
      duplicateMessage: i18n.t('routes.duplicate'),
      logError: (message, path) => console.error(`${message}: ${path}`),
    });
  } catch (error) {
    if (STRICT_ROUTER) useSession.getState().signOut();
    throw error;
  }
}

/**
 * The built routes of the signed-in user; the cache is cleared with the session (routes reset on sign-out).
 * A short link's guest has no menu: `enabled` false.
 */
export const useMenuRoutes = (enabled: boolean) =>
  useQuery({ queryKey: ['menuRoutes'], queryFn: loadRoutes, staleTime: Infinity, enabled });
