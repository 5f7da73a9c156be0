import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { renderRoutes } from '../test/render';
import { GuestOnly, RequireSession, safeRedirect } from './guards';

const routes = (
  <>
    <Route element={<GuestOnly />}>
      <Route path="/login" element={<p>login page</p>} />
    </Route>
    <Route element={<RequireSession />}>
      <Route path="*" element={<p>private page</p>} />
    </Route>
  </>
);

describe('route guard (spec §2)', () => {
  it('sends a visitor without a token to /login', () => {
    renderRoutes(routes, '/index');
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it('keeps the address of a deeper page in `redirect`', () => {
    renderRoutes(routes, '/personal/message?tab=1');
    expect(screen.getByTestId('path').textContent).toBe('/login?redirect=%2Fpersonal%2Fmessage%3Ftab%3D1');
  });

  it('sends a signed-in user visiting /login to the landing page', () => {
    useSession.getState().signIn('token');
    renderRoutes(routes, '/login');
    expect(screen.getByText('private page')).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/index');
  });

  it('follows only redirect targets inside the app', () => {
    expect(safeRedirect('/index?x=1')).toBe('/index?x=1');
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirect(target)).toBeNull();
    }
  });
});
