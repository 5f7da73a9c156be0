import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { screen, waitFor } from '@testing-library/react';
import { Route, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { envelope, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { RouteGuard, type FullscreenState } from './guards';

function Private() {
  const { state } = useLocation();
  return <p>private page{(state as FullscreenState | null)?.fullscreen ? ' (full screen)' : ''}</p>;
}

const routes = (
  <Route element={<RouteGuard />}>
    <Route path="/login" element={<p>login page</p>} />
    <Route path="/500" element={<p>error 500</p>} />
    <Route path="*" element={<Private />} />
  </Route>
);

const detail = { user: { id: 'u1', account: 'admin', fullname: '系统管理员' }, tenantCode: 'platform' };

describe('route guard in the router (spec §2)', () => {
  it('sends a visitor without a token to /login with redirect', () => {
    renderRoutes(routes, '/personal/message?tab=1');
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/login?redirect=%2Fpersonal%2Fmessage%3Ftab%3D1');
  });

  it('sends a signed-in user visiting /login to / ', () => {
    useSession.getState().signIn('token');
    renderRoutes(routes, '/login');
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('signs in with a token from the query, then opens the page without it (full screen kept)', async () => {
    const sent = stubFetch(() => envelope(detail));
    renderRoutes(routes, '/matter/myTask?token=abc&fullscreen=true&x=1');
    expect(await screen.findByText('private page (full screen)')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/matter/myTask?x=1');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(sent[0]?.headers.Authorization).toBe('Bearer abc');
    expect(useSession.getState().user).toMatchObject({ account: 'admin', username: '系统管理员' });
  });

  it('a token from the query that fails authentication goes to /500 and leaves no session', async () => {
    stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    renderRoutes(routes, '/matter/myTask?token=bad');
    expect(await screen.findByText('error 500')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('strips fullscreen, ticket and code after navigation and shows the page full screen', async () => {
    useSession.getState().signIn('token');
    renderRoutes(routes, '/a?fullscreen=true&ticket=t&code=c&keep=1');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/a?keep=1'));
    expect(screen.getByText('private page (full screen)')).toBeTruthy();
  });

  it('a short link the server cannot resolve goes to /login', async () => {
    stubFetch(() => envelope(null, { code: 404, status: 404, message: 'not found' }));
    renderRoutes(routes, '/surl/Ab12');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('a short link with a guest token opens its page full screen', async () => {
    const sent = stubFetch(() => envelope({ url: '/matter/approvalForm?instId=1', guestToken: 'guest' }));
    renderRoutes(routes, '/surl/Ab12');
    expect(await screen.findByText('private page (full screen)')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/matter/approvalForm?instId=1');
    expect(sent[0]?.url).toBe('/portal/portal/shorturlManage/v1/getLongUrlByShortUrl?shortUrl=Ab12');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('guest');
  });
});
