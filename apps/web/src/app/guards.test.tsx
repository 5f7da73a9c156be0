import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutEverywhere } from '../layouts/useShellActions';
import { page } from './navigation';
import { useSession } from '../stores/session';
import { useSignInMode } from '../stores/signInMode';
import { envelope, stubFetch, type SentRequest } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { signInWith } from '../test/session';
import { toast } from './feedback';
import { RouteGuard, type FullscreenState } from './guards';

function Private() {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>private page{(state as FullscreenState | null)?.fullscreen ? ' (full screen)' : ''}</p>
      <button type="button" onClick={() => navigate(pathname === '/elsewhere' ? '/' : '/elsewhere')}>
        move
      </button>
    </>
  );
}

const routes = (
  <Route element={<RouteGuard />}>
    <Route path="/login" element={<p>login page</p>} />
    <Route path="/500" element={<p>error 500</p>} />
    <Route path="*" element={<Private />} />
  </Route>
);

const detail = { user: { id: 'u1', account: 'admin', fullname: '系统管理员' }, tenantCode: 'platform' };

let toasts: string[] = [];
beforeEach(() => {
  toasts = [];
  vi.spyOn(toast, 'error').mockImplementation((text) => void toasts.push(text));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const signInMode = (mode: 'cas' | 'oauth', ssoUrl = 'https://sso.example/login') =>
  useSignInMode.setState({ mode, ssoUrl });

/** A server whose sso/auth answers a token for ticket T-1 and code C-1, and the user of that token. */
function ssoServer({ url, headers }: SentRequest) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/auth/sso/auth') {
    const known = searchParams.get('ticket') === 'T-1' || searchParams.get('code') === 'C-1';
    return known
      ? envelope({ token: 'sso-token' })
      : envelope(null, { code: 400, status: 400, message: '票据无效' });
  }
  if (pathname === '/uc/user/getDetailByAccountOrId' && headers.Authorization === 'Bearer sso-token') {
    return envelope(detail);
  }
  return envelope(null, { code: 402, status: 401, message: '登录已过期' });
}

describe('route guard in the router (spec §2)', () => {
  it('sends a visitor without a token to /login with redirect', () => {
    renderRoutes(routes, '/personal/message?tab=1');
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/login?redirect=%2Fpersonal%2Fmessage%3Ftab%3D1');
  });

  it('sends a signed-in user visiting /login to / ', () => {
    signInWith('token');
    renderRoutes(routes, '/login');
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('signs in with a token from the query, then opens the page without it (full screen kept)', async () => {
    const sent = stubFetch(() => envelope(detail));
    renderRoutes(routes, '/matter/myTask?token=abc&fullscreen=true&x=1');
    // the token is kept once the next page's code (the shell) has loaded, which takes a while in jsdom
    expect(await screen.findByText('private page (full screen)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/matter/myTask?x=1');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(sent[0]?.headers.Authorization).toBe('Bearer abc');
    expect(useSession.getState().user).toMatchObject({ account: 'admin', username: '系统管理员' });
  });

  it('spec §8: a token from the query whose user-detail call fails shows 用户信息接口异常 and goes to /500', async () => {
    stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    renderRoutes(routes, '/matter/myTask?token=bad');
    expect(await screen.findByText('error 500')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toasts).toEqual(['用户信息接口异常']);
  });

  it('spec §8: a token from the query without a user shows 验证失败，请重新登录... and revokes it', async () => {
    const sent = stubFetch(({ url }) => envelope(url.endsWith('/signout') ? null : { user: null }));
    renderRoutes(routes, '/matter/myTask?token=orphan');
    expect(await screen.findByText('error 500')).toBeTruthy();
    expect(toasts).toEqual(['验证失败，请重新登录...']);
    // (the menu of the new token is asked for beside its user, to show the first page at once)
    const checks = sent.filter(({ url }) => !/Menu|Method|Secretary/.test(url));
    expect(checks.map((request) => [request.url, request.headers.Authorization])).toEqual([
      ['/uc/user/getDetailByAccountOrId', 'Bearer orphan'],
      ['/auth/signout', 'Bearer orphan'],
    ]);
    expect(useSession.getState().token).toBeNull();
  });

  it('strips fullscreen, ticket and code after navigation and shows the page full screen', async () => {
    signInWith('token');
    renderRoutes(routes, '/a?fullscreen=true&ticket=t&code=c&keep=1');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/a?keep=1'));
    expect(screen.getByText('private page (full screen)')).toBeTruthy();
  });
});

describe('single sign-on return (spec §2: cas ticket, oauth code → sso/auth; failure → /500)', () => {
  it.each([
    ['cas', 'ticket=T-1', 'ticket=T-1&service='],
    ['oauth', 'code=C-1', 'code=C-1&service='],
  ] as const)(
    '%s: the credential goes to sso/auth and the user lands on the page',
    async (mode, search, sentQuery) => {
      signInMode(mode);
      const sent = stubFetch(ssoServer);
      renderRoutes(routes, `/mail?${search}`);
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/mail'));
      expect(screen.getByText('private page')).toBeTruthy();
      expect(sent[0]?.url).toBe(
        `/auth/sso/auth?${sentQuery}${encodeURIComponent(`${window.location.origin}/eipFront/mail`)}`,
      );
      expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('sso-token');
      expect(useSession.getState().user).toMatchObject({ account: 'admin' });
    },
  );

  it.each([
    ['cas', 'ticket=T-bad'],
    ['oauth', 'code=C-bad'],
  ] as const)(
    '%s: a credential sso/auth refuses goes to /500 with the server message',
    async (mode, search) => {
      signInMode(mode);
      stubFetch(ssoServer);
      renderRoutes(routes, `/mail?${search}`);
      expect(await screen.findByText('error 500')).toBeTruthy();
      expect(toasts).toEqual(['票据无效']);
      expect(useSession.getState().token).toBeNull();
    },
  );

  it.each([
    ['cas', 'ticket=T-1'],
    ['oauth', 'code=C-1'],
  ] as const)(
    '%s: a signed-in user keeps the session; the credential is only stripped',
    async (mode, search) => {
      signInMode(mode);
      const sent = stubFetch(ssoServer);
      signInWith('mine');
      renderRoutes(routes, `/mail?${search}&keep=1`);
      await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/mail?keep=1'));
      expect(screen.getByText('private page')).toBeTruthy();
      expect(sent).toEqual([]);
      expect(useSession.getState().token).toBe('mine');
    },
  );
});

describe('the sign-in mode, learnt from the server at start (issue 14)', () => {
  const service = () => encodeURIComponent(`${window.location.origin}/eipFront/mail`);
  const configServer = (value: unknown) => () => envelope(value);

  it.each([
    ['cas', 'https://cas.example/cas/login'],
    ['oauth', '/auth/sso/authorize'],
  ] as const)(
    '%s: a visitor of a page leaves for the address the server gave, with the service',
    async (mode, ssoUrl) => {
      useSignInMode.setState({ mode: null, ssoUrl: '' });
      const leave = vi.spyOn(page, 'leave').mockImplementation(() => undefined);
      const sent = stubFetch(configServer({ mode, ssoUrl }));
      renderRoutes(routes, '/mail');
      await waitFor(() => expect(leave).toHaveBeenCalledWith(`${ssoUrl}?service=${service()}`));
      expect(sent.map(({ url }) => url)).toEqual(['/auth/sso/config']);
      expect(screen.queryByText('login page')).toBeNull();
    },
  );

  it('the login page shows at once, before the server has answered', async () => {
    useSignInMode.setState({ mode: null, ssoUrl: '' });
    let answer: (response: Response) => void = () => undefined;
    const sent = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderRoutes(routes, '/login');
    expect(screen.getByText('login page')).toBeTruthy();
    await waitFor(() => expect(sent.map(({ url }) => url)).toEqual(['/auth/sso/config']));
    answer(envelope({ mode: 'cas', ssoUrl: 'https://cas.example/cas/login' }));
    await waitFor(() => expect(useSignInMode.getState().mode).toBe('cas'));
    // administrators keep their password: the login page stays in single sign-on mode
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('password mode, or a server that cannot say: a visitor goes to /login', async () => {
    useSignInMode.setState({ mode: null, ssoUrl: '' });
    stubFetch(() => envelope(null, { code: 500, status: 500, message: 'down' }));
    renderRoutes(routes, '/mail');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/login?redirect=%2Fmail');
    expect(toasts).toEqual([]);
  });

  it('oauth: the code, state and issuer go to sso/auth for the page they came back to', async () => {
    useSignInMode.setState({ mode: null, ssoUrl: '' });
    const sent = stubFetch((request) =>
      request.url === '/auth/sso/config'
        ? envelope({ mode: 'oauth', ssoUrl: '/auth/sso/authorize' })
        : ssoServer(request),
    );
    renderRoutes(routes, '/mail?code=C-1&state=S-1&iss=http%3A%2F%2Fid.example');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/mail'));
    expect(sent[1]?.url).toBe(
      `/auth/sso/auth?code=C-1&state=S-1&iss=http%3A%2F%2Fid.example&service=${service()}`,
    );
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('sso-token');
  });
});

describe('sign-out with single sign-on (issue 14)', () => {
  it.each(['cas', 'oauth'] as const)(
    '%s: ends the single sign-on session too, coming back to the login page, and does not leave for sign-on',
    async (mode) => {
      useSignInMode.setState({ mode, ssoUrl: 'https://sso.example/login', logoutUrl: '/auth/sso/logout' });
      const leave = vi.spyOn(page, 'leave').mockImplementation(() => undefined);
      const sent = stubFetch(() => envelope(null));
      signInWith('mine');
      renderRoutes(routes, '/mail');
      expect(screen.getByText('private page')).toBeTruthy();
      await act(signOutEverywhere);
      const back = encodeURIComponent(`${window.location.origin}/eipFront/login`);
      expect(leave.mock.calls).toEqual([[`/auth/sso/logout?service=${back}`]]);
      expect(screen.queryByText('private page')).toBeNull();
      expect(sent.map(({ url }) => url)).toEqual(['/auth/signout']);
      expect(useSession.getState().token).toBeNull();
    },
  );

  it('password mode: sign-out leaves nowhere', async () => {
    const leave = vi.spyOn(page, 'leave').mockImplementation(() => undefined);
    stubFetch(() => envelope(null));
    signInWith('mine');
    renderRoutes(routes, '/mail');
    await act(signOutEverywhere);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('short links /surl/{code} (spec §2)', () => {
  const shortLinkUrl = '/portal/shorturlManage/getLongUrlByShortUrl?shortUrl=Ab12';

  it('a short link the server cannot resolve goes to /login', async () => {
    stubFetch(() => envelope(null, { code: 404, status: 404, message: 'not found' }));
    renderRoutes(routes, '/surl/Ab12');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('a link without a guest token sends a visitor to /login, back to its page after sign-in', async () => {
    stubFetch(() => envelope({ url: '/eipFront/matter/approvalForm?instId=1', guestToken: null }));
    renderRoutes(routes, '/surl/Ab12');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe(
      '/login?redirect=%2Fmatter%2FapprovalForm%3FinstId%3D1',
    );
  });

  it('a short link with a guest token opens its page full screen, and only that page', async () => {
    const sent = stubFetch(() => envelope({ url: '/matter/approvalForm?instId=1', guestToken: 'guest' }));
    renderRoutes(routes, '/surl/Ab12');
    expect(await screen.findByText('private page (full screen)')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/matter/approvalForm?instId=1');
    expect(sent[0]?.url).toBe(shortLinkUrl);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('guest');
    expect(useSession.getState()).toMatchObject({ guestUrl: '/matter/approvalForm?instId=1', user: null });
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('a signed-in user opening a guest link goes to its page and stays who they are', async () => {
    stubFetch(() => envelope({ url: '/matter/approvalForm?instId=1', guestToken: 'guest' }));
    signInWith('mine');
    renderRoutes(routes, '/surl/Ab12');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/matter/approvalForm?instId=1'));
    expect(screen.getByText('private page')).toBeTruthy();
    expect(useSession.getState()).toMatchObject({ token: 'mine', guestUrl: null });
  });
});
