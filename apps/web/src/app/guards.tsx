import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { resolveShortUrl, sessionUserOf, ssoSignIn, verifyToken } from '../api/auth';
import { AUTH_MODE, LANDING_PATH } from '../config';
import { useSession } from '../stores/session';
import {
  decideGuard,
  safeRedirect,
  STRIPPED_QUERY_KEYS,
  stripQuery,
  type GuardDecision,
} from './guardDecision';
import { BASENAME, loginPath, page } from './navigation';
import { PageLoading } from './status';

export { safeRedirect };

/** Where the app is served, for the address single sign-on returns to. */
const appUrl = () => `${window.location.origin}${BASENAME}`;

/** Navigation state that shows a page without the layout (spec §2: fullscreen=true → empty layout). */
export interface FullscreenState {
  fullscreen?: boolean;
}

const wantsFullscreen = (search: string) => new URLSearchParams(search).get('fullscreen') === 'true';

/** Runs an async step once per key, however often React mounts the component. */
function useOnce(key: string, run: () => Promise<void>) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === key) return;
    done.current = key;
    void run();
  }, [key, run]);
}

/** A token in the query authenticates (spec §2); failure → /500. */
function TokenSignIn({ decision }: { decision: Extract<GuardDecision, { kind: 'tokenSignIn' }> }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const fullscreen = wantsFullscreen(search);
  useOnce(decision.token, async () => {
    const session = useSession.getState();
    session.signIn(decision.token);
    try {
      const detail = await verifyToken();
      session.signIn(decision.token, {
        account: detail.user.account,
        userId: detail.user.id,
        username: detail.user.fullname,
        tenantCode: detail.tenantCode,
      });
      navigate(decision.next, { replace: true, state: { fullscreen } satisfies FullscreenState });
    } catch {
      session.signOut();
      navigate('/500', { replace: true });
    }
  });
  return <PageLoading />;
}

/** Back from single sign-on with a ticket (cas) or a code (oauth); failure → /500. */
function SsoReturn({ decision }: { decision: Extract<GuardDecision, { kind: 'ssoReturn' }> }) {
  const navigate = useNavigate();
  useOnce(decision.credential, async () => {
    const query: Record<string, string> =
      decision.mode === 'cas'
        ? { ticket: decision.credential, service: decision.service }
        : { code: decision.credential, service: decision.service };
    try {
      const result = await ssoSignIn(query);
      if (!result?.token) throw new Error('no token');
      useSession.getState().signIn(result.token, sessionUserOf(result));
      navigate(decision.next, { replace: true });
    } catch {
      navigate('/500', { replace: true });
    }
  });
  return <PageLoading />;
}

/** Spec §2: a short link is resolved; with a guest token the page opens full screen, otherwise /login. */
function ShortLinkPage({ code }: { code: string }) {
  const navigate = useNavigate();
  useOnce(code, async () => {
    const link = await resolveShortUrl(code).catch(() => undefined);
    const target = link?.url ? toAppPath(link.url) : null;
    if (!link || !target) {
      navigate('/login', { replace: true });
      return;
    }
    if (link.guestToken) {
      useSession.getState().signIn(link.guestToken);
      navigate(target, { replace: true, state: { fullscreen: true } satisfies FullscreenState });
    } else {
      navigate(loginPath(target, LANDING_PATH), { replace: true });
    }
  });
  return <PageLoading />;
}

/** An address inside the app (absolute ones under this origin and base path are made relative). */
function toAppPath(url: string): string | null {
  if (url.startsWith(BASENAME + '/')) return url.slice(BASENAME.length);
  if (safeRedirect(url)) return url;
  try {
    const absolute = new URL(url);
    if (absolute.origin === window.location.origin && absolute.pathname.startsWith(BASENAME)) {
      return absolute.pathname.slice(BASENAME.length) + absolute.search;
    }
  } catch {
    return null;
  }
  return null;
}

function LeaveFor({ url }: { url: string }) {
  useEffect(() => page.leave(url), [url]);
  return <PageLoading />;
}

/** Spec §2: after each navigation the full-screen, token, ticket and code query keys go; fullscreen=true stays in the state. */
function useStripQuery() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!STRIPPED_QUERY_KEYS.some((key) => params.has(key))) return;
    const fullscreen = wantsFullscreen(search) || Boolean((state as FullscreenState | null)?.fullscreen);
    navigate(stripQuery(pathname, search), {
      replace: true,
      state: { fullscreen } satisfies FullscreenState,
    });
  }, [pathname, search, state, navigate]);
}

function Allowed() {
  useStripQuery();
  return <Outlet />;
}

/** Spec §2 "Route guard" around every page. */
export function RouteGuard() {
  const location = useLocation();
  const signedIn = useSession((state) => Boolean(state.token));
  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    authMode: AUTH_MODE.mode,
    ssoUrl: AUTH_MODE.ssoUrl,
    appUrl: appUrl(),
    landing: LANDING_PATH,
  });
  switch (decision.kind) {
    case 'allow':
      return <Allowed />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'tokenSignIn':
      return <TokenSignIn decision={decision} />;
    case 'ssoReturn':
      return <SsoReturn decision={decision} />;
    case 'ssoLeave':
      return <LeaveFor url={decision.url} />;
    case 'shortLink':
      return <ShortLinkPage code={decision.code} />;
  }
}
