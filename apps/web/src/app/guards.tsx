import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { resolveShortUrl, ssoSignIn, userOfToken } from '../api/auth';
import { LANDING_PATH } from '../config';
import { useSession } from '../stores/session';
import { learnSignInMode, useSignInMode } from '../stores/signInMode';
import {
  decideGuard,
  safeRedirect,
  STRIPPED_QUERY_KEYS,
  stripQuery,
  type GuardDecision,
} from './guardDecision';
import { toast } from './feedback';
import { BASENAME, loginPath, page } from './navigation';
import { keepToken } from './signIn';
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

/** Spec §2, §8: an authentication that failed shows why (a toast) and goes to /500. */
function useFailedAuthentication() {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (error instanceof Error) toast.error(error.message);
    navigate('/500', { replace: true });
  };
}

const TokenSwitchDialog = lazy(() => import('./TokenSwitchDialog'));

/**
 * A token in the query authenticates (spec §2); failure → /500. When another user is signed in on this tab, the
 * account is switched only after they confirm (issue 14); keeping it opens the page as the user signed in.
 */
function TokenSignIn({ decision }: { decision: Extract<GuardDecision, { kind: 'tokenSignIn' }> }) {
  const navigate = useNavigate();
  const failed = useFailedAuthentication();
  const { search } = useLocation();
  const fullscreen = wantsFullscreen(search);
  const [asked, setAsked] = useState<{ current: string; other: string } | null>(null);
  const open = () =>
    navigate(decision.next, { replace: true, state: { fullscreen } satisfies FullscreenState });
  const switchAccount = async () => {
    try {
      await keepToken(decision.token);
      open();
    } catch (error) {
      failed(error);
    }
  };
  useOnce(decision.token, async () => {
    const { token, guestUrl, user } = useSession.getState();
    if (!token || guestUrl || !user) return switchAccount();
    try {
      const other = await userOfToken(decision.token);
      if (other.user.id === user.userId) open();
      else setAsked({ current: user.username, other: other.user.fullname });
    } catch (error) {
      failed(error);
    }
  });
  return (
    <>
      <PageLoading />
      {asked && (
        <Suspense>
          <TokenSwitchDialog
            {...asked}
            onSwitch={() => {
              setAsked(null);
              void switchAccount();
            }}
            onKeep={open}
          />
        </Suspense>
      )}
    </>
  );
}

/** Back from single sign-on with a ticket (cas) or a code (oauth): both go to sso/auth; failure → /500. */
function SsoReturn({ decision }: { decision: Extract<GuardDecision, { kind: 'ssoReturn' }> }) {
  const navigate = useNavigate();
  const failed = useFailedAuthentication();
  useOnce(decision.returned.ticket ?? decision.returned.code ?? '', async () => {
    try {
      await keepToken(await ssoSignIn({ ...decision.returned, service: decision.service }));
      navigate(pageLeftFor(decision.next), { replace: true });
    } catch (error) {
      failed(error);
    }
  });
  return <PageLoading />;
}

/**
 * Spec §2: a short link is resolved. A signed-in user goes to its address; a visitor opens it full screen as
 * the link's guest when it has a guest token, otherwise goes to /login. A link that cannot be resolved → /login.
 */
function ShortLinkPage({ code }: { code: string }) {
  const navigate = useNavigate();
  useOnce(code, async () => {
    const link = await resolveShortUrl(code).catch(() => null);
    const target = link ? toAppPath(link.url) : null;
    if (!link || !target) {
      navigate('/login', { replace: true });
      return;
    }
    const session = useSession.getState();
    if (session.token && !session.guestUrl) {
      navigate(target, { replace: true });
    } else if (link.guestToken) {
      session.enterAsGuest(link.guestToken, target);
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

/** Where a single sign-on comes back to: an OpenID provider returns to the page without its own query. */
const SSO_RETURN_KEY = 'eip-sso-return';

function LeaveForSso({ url, next }: { url: string; next: string }) {
  useEffect(() => {
    sessionStorage.setItem(SSO_RETURN_KEY, next);
    page.leave(url);
  }, [url, next]);
  return <PageLoading />;
}

/** The page left for single sign-on, when the sign-on came back to it (the same path): its query restored. */
function pageLeftFor(returnedTo: string): string {
  const left = sessionStorage.getItem(SSO_RETURN_KEY);
  sessionStorage.removeItem(SSO_RETURN_KEY);
  return left && left.split('?')[0] === returnedTo.split('?')[0] ? left : returnedTo;
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

/** The path of an address inside the app (without its query). */
const pathOf = (address: string) => address.split('?')[0];

/** Spec §2 "Route guard" around every page. A short link's guest counts as signed in on that link's page only. */
export function RouteGuard() {
  const location = useLocation();
  const { mode, ssoUrl, endingSso } = useSignInMode();
  // The server says how users sign in; only the decisions that depend on it wait (never the login page).
  useEffect(() => void learnSignInMode(), []);
  const signedIn = useSession(
    (state) =>
      Boolean(state.token) && (state.guestUrl === null || pathOf(state.guestUrl) === location.pathname),
  );
  if (endingSso) return <PageLoading />;
  const decision = decideGuard({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    authMode: mode,
    ssoUrl,
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
      return <LeaveForSso url={decision.url} next={decision.next} />;
    case 'shortLink':
      return <ShortLinkPage code={decision.code} />;
    case 'wait':
      return <PageLoading />;
  }
}
