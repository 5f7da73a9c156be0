import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session';
import { envelope, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { Shell } from './Shell';

describe('the shell for a short link’s guest (spec §2)', () => {
  it('shows the link’s page full screen, without the menu and without asking for one', async () => {
    useSession.getState().enterAsGuest('guest-token', '/onlineMenu/report?doc=7');
    const sent = stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    renderRoutes(<Route path="*" element={<Shell />} />, '/onlineMenu/report?doc=7');
    expect(await screen.findByRole('heading', { name: '「在线菜单」即将上线' })).toBeTruthy();
    expect(document.querySelector('.eip-layout-empty')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/onlineMenu/report?doc=7');
    expect(sent).toEqual([]);
  });
});
