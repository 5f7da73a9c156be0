import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../app/feedback';
import { page } from '../app/navigation';
import { createQueryClient } from '../app/queryClient';
import { useSession } from '../stores/session';
import { envelope, stubFetch, type SentRequest } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { signInWith } from '../test/session';
import { HeaderTools } from './HeaderTools';
import { useShellActions } from './useShellActions';

/** The bell's count and the user's detail, as the server answers them. */
const APPS = [
  { id: 'a1', alias: 'portal', name: '门户', icon: null, kind: 'home', url: null },
  { id: 'a2', alias: 'finance', name: '财务系统', icon: null, kind: 'layout', url: null },
];

const FRONTEND = { orgId: 'o1', orgName: '前端开发部', pathName: '研发中心/前端开发部', isMaster: true };
const QA = { orgId: 'o2', orgName: '测试部', pathName: '研发中心/测试部', isMaster: false };
const TWO_POSTS = {
  postList: [
    { ...FRONTEND, postId: 'p1', postName: '前端开发部职员' },
    { ...QA, postId: 'p2', postName: '测试部职员' },
  ],
  orgList: [
    { ...FRONTEND, isCharge: false },
    { ...QA, isCharge: false },
  ],
  currentPostId: 'p2',
};

function server(unread: number, places: object = { postList: [], orgList: [], currentPostId: null }) {
  return ({ url }: SentRequest) =>
    url.includes('getMsgbadge')
      ? envelope(unread)
      : url.includes('sysApp/authList')
        ? envelope(APPS)
        : envelope({ user: { id: 'u1', account: 'zhuting', fullname: '朱婷', photo: null }, ...places });
}

const renderTools = () =>
  renderRoutes(<Route path="*" element={<HeaderTools color="#000" compact={false} />} />, '/index');

afterEach(() => vi.restoreAllMocks());

describe('nav bar tools (spec §2)', () => {
  it('spec §9: the message count shows 99+ above 99 and links to /personal/message', async () => {
    stubFetch(server(150));
    renderTools();
    const bell = await screen.findByRole('link', { name: '消息，150 条未读' });
    expect(bell.getAttribute('href')).toBe('/personal/message');
    await waitFor(() => expect(bell.querySelector('.ant-badge')?.textContent).toBe('99+'));
  });

  it('shows the exact count up to 99', async () => {
    stubFetch(server(99));
    renderTools();
    const bell = await screen.findByRole('link', { name: '消息，99 条未读' });
    await waitFor(() => expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('99'));
    expect(bell.textContent).not.toContain('+');
  });

  it('the other-portals switcher lists the apps the user may open (asked for when opened) and opens one', async () => {
    const sent = stubFetch(server(0));
    renderTools();
    const switcher = screen.getByRole('button', { name: '其他门户：门户' });
    expect(sent.some((request) => request.url.includes('sysApp/authList'))).toBe(false);
    fireEvent.click(switcher);
    const choices = await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        within(choices)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['门户', '财务系统']),
    );
    fireEvent.click(within(choices).getByRole('menuitem', { name: '财务系统' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/appContent?id=a2'));
    expect(await screen.findByRole('button', { name: '其他门户：财务系统' })).toBeTruthy();
  });
});

describe('switch post (spec §4: 岗位切换成功, setCookie, reload)', () => {
  let successes: string[] = [];
  beforeEach(() => {
    successes = [];
    vi.spyOn(toast, 'success').mockImplementation((text) => void successes.push(text));
  });
  afterEach(() => vi.useRealTimers());

  it('switches the post of the session on the server, keeps it here too, says 岗位切换成功 and reloads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    signInWith('token');
    const sent = stubFetch(() => envelope(null));
    const client = createQueryClient();
    const { result } = renderHook(() => useShellActions(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await act(() => result.current.changePost('post-2'));
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ['GET', '/uc/uc/ucGroup/v1/setCookie?postId=post-2'],
    ]);
    expect(useSession.getState().currentPostId).toBe('post-2');
    expect(successes).toEqual(['岗位切换成功']);
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  /** The choices under 切换岗位 in the avatar menu, once the user's detail has come. */
  async function postChoices(places: object) {
    stubFetch(server(0, places));
    renderTools();
    fireEvent.click(await screen.findByRole('button', { name: '朱婷，用户菜单' }));
    const switchPost = await screen.findByText('切换岗位');
    await waitFor(() => expect(switchPost.closest('[aria-disabled="true"]')).toBeNull());
    fireEvent.mouseEnter(switchPost);
    fireEvent.click(switchPost);
    await waitFor(() => expect(document.querySelector('.ant-dropdown-menu-sub')).not.toBeNull());
    return within(document.querySelector<HTMLElement>('.ant-dropdown-menu-sub')!)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('aria-disabled')]);
  }

  it('lists the user’s posts with their org; the current one (the session’s, from the server) cannot be chosen', async () => {
    useSession.setState({ currentPostId: 'p1' }); // stored before another tab switched: the server knows
    expect(await postChoices(TWO_POSTS)).toEqual([
      ['前端开发部职员（前端开发部）', 'false'],
      ['测试部职员（测试部）', 'true'],
    ]);
  });

  it('spec §8: 暂无岗位 for a user without posts', async () => {
    const places = { postList: [], orgList: TWO_POSTS.orgList, currentPostId: null };
    expect(await postChoices(places)).toEqual([['暂无岗位', 'true']]);
  });

  it('spec §8: 暂无组织 for a user in no org', async () => {
    expect(await postChoices({ postList: [], orgList: [], currentPostId: null })).toEqual([
      ['暂无组织', 'true'],
    ]);
  });
});
