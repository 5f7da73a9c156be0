import { useLocation } from 'react-router';
import { useMenuRoutes } from '../../../app/routes/load';

/** A text the menu entry that opened the page names in its route extension (sqlAlias, chartAlias). */
export function useMenuMeta(key: string): string | undefined {
  const { pathname } = useLocation();
  const routes = useMenuRoutes(true);
  const value = routes.data?.pages.find((page) => page.path === pathname)?.meta[key];
  return typeof value === 'string' ? value : undefined;
}
