import type { MenuItemShape } from '@eip/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
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

const MENU_ROUTES_KEY = ['menuRoutes'] as const;

/**
 * Fetches the user's menu, method permissions and secretary role and builds the routes. Spec §2: in strict router mode a
 * building failure resets the token and rethrows. Permissions are saved to session storage (spec §6).
 * `token`: a new token not kept yet (sign-in fetches the routes beside the user's detail); else the session's.
 */
export async function loadRoutes(token?: string): Promise<BuiltRoutes> {
  // a new token's routes are fetched ahead: the shell asks again, and shows its failures, if this fails
  const as = token ? { token, silent: true, keepSession: true } : {};
  const [menu, methods, secretary] = await Promise.all([
    call('getCurrentUserMenu', { query: { menuAlias: FRONT_MENU_ALIAS }, ...as }),
    call('getCurrentUserMethods', as).catch(() => null),
    call('getSecretaryByUserId', as).catch(() => null),
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
  useQuery({ queryKey: MENU_ROUTES_KEY, queryFn: () => loadRoutes(), staleTime: Infinity, enabled });

/**
 * The routes of a new token, fetched while sign-in checks its user, so the shell shows with its menu at once.
 * A failure is left for the shell, which asks again.
 */
export const prefetchMenuRoutes = (queryClient: QueryClient, token: string): Promise<void> =>
  queryClient.prefetchQuery({
    queryKey: MENU_ROUTES_KEY,
    queryFn: () => loadRoutes(token),
    staleTime: Infinity,
  });

/** Forgets routes fetched for a token that was not kept. */
export const forgetMenuRoutes = (queryClient: QueryClient): void =>
  queryClient.removeQueries({ queryKey: MENU_ROUTES_KEY });
