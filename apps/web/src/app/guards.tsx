import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { LANDING_PATH } from '../config';
import { useSession } from '../stores/session';

/** A `redirect` target is only followed inside the app: a single leading slash, no scheme or host. */
export function safeRedirect(target: string | null): string | null {
  return target && /^\/(?![/\\])/.test(target) ? target : null;
}

/** Pages behind sign-in: without a token the user goes to /login, with `redirect` back to where they were. */
export function RequireSession() {
  const token = useSession((state) => state.token);
  const location = useLocation();
  if (token) return <Outlet />;
  const from = location.pathname + location.search;
  const search = from === '/' || from === LANDING_PATH ? '' : `?${new URLSearchParams({ redirect: from })}`;
  return <Navigate to={`/login${search}`} replace />;
}

/** The login pages: a signed-in user goes on to the `redirect` target or the landing page. */
export function GuestOnly() {
  const token = useSession((state) => state.token);
  const [searchParams] = useSearchParams();
  if (!token) return <Outlet />;
  return <Navigate to={safeRedirect(searchParams.get('redirect')) ?? LANDING_PATH} replace />;
}
