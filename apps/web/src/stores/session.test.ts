import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../test/fetch';
import { loadRoutes } from '../app/routes/load';
import { onTokenChangedElsewhere, POST_STORAGE_KEY, useSession } from './session';
import { signInWith } from '../test/session';

describe('session (spec §2, §4)', () => {
  it('spec §2: a storage event on the token key (or a clear) reloads; other keys do not', () => {
    const reload = vi.fn();
    const stop = onTokenChangedElsewhere(reload);
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang' }));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('spec §4: sign-out clears the token, the user name and the current post', () => {
    const session = useSession.getState();
    session.signIn('t', { account: 'zhuting', userId: 'u', username: '朱婷', tenantCode: 'platform' });
    session.setCurrentPost('p1');
    expect(sessionStorage.getItem(POST_STORAGE_KEY)).toBe('p1');
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, currentPostId: null });
    expect(sessionStorage.length).toBe(0);
  });

  it('spec §2 strict router mode: a route-building failure resets the token and rethrows', async () => {
    signInWith('t');
    const bad = {
      id: '1',
      path: '/a',
      component: 'pageA',
      routeExtend: '{broken',
      children: [],
      meta: { title: 'a', alias: 'a' },
      alias: 'a',
      name: 'a',
    };
    stubFetch(({ url }) => envelope(url.includes('getCurrentUserMenu') ? [bad] : []));
    await expect(loadRoutes()).rejects.toThrow(/routeExtend/);
    expect(useSession.getState().token).toBeNull();
  });
});
