import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes, type BuiltRoutes } from '../app/routes/build';
import { resolvePage } from '../app/routes/pages';
import { DEFAULT_THEME, useSettings, type Device, type LayoutMode } from '../stores/settings';
import { envelope, stubFetch } from '../test/fetch';
import { buildOptions, menuCatalog, menuItem } from '../test/menu';
import { renderRoutes } from '../test/render';
import { MainLayout } from './MainLayout';

const LONG_TOP_TITLE = '企业资源计划管理系统';
const EIGHT_CHARACTERS = '八个字的菜单标题';
const LONG_SUB_TITLE = '人力资源服务';

/** Nine top entries: seven show in the top bar, the last two under 更多. */
const menu = buildRoutes(
  [
    menuItem('/index', 'indexLayout', { name: '首页' }),
    menuItem('/erp', 'erp', { name: LONG_TOP_TITLE }),
    menuItem('/eight', 'eight', { name: EIGHT_CHARACTERS }),
    menuItem('/fresh', 'fresh', { name: '新功能', routeExtend: '{"meta":{"isNew":true}}' }),
    menuCatalog('/matter', [menuItem('/matter/myTask', 'myTask', { name: '待办事项' })], 'Layout', {
      name: '审批中心',
    }),
    menuItem('/mail', 'mail', { name: '邮件' }),
    menuItem('/news', 'news', { name: '新闻公告' }),
    menuItem('/attendance', 'attendance', { name: '考勤' }),
    menuItem('/hr', 'hr', { name: LONG_SUB_TITLE }),
  ],
  buildOptions(),
);

function renderLayout(built: BuiltRoutes, path: string, layout: LayoutMode, device: Device) {
  useSettings.setState({ theme: { ...DEFAULT_THEME, layout }, device, collapse: false });
  const page = resolvePage(path, built, (key) => key);
  if (!page) throw new Error(`no page for ${path}`);
  return renderRoutes(<Route path="*" element={<MainLayout built={built} page={page} />} />, path);
}

const mainMenu = () => screen.getByRole('navigation', { name: '主菜单' });
const hover = (text: string) => fireEvent.mouseEnter(screen.getByText(text));
const tooltipText = () => screen.queryByRole('tooltip')?.textContent ?? null;

beforeEach(() => {
  stubFetch(() => envelope(null));
});
afterEach(() => {
  vi.useRealTimers();
  useSettings.setState({ theme: { ...DEFAULT_THEME }, device: 'desktop', collapse: false });
});

describe('horizontal layout (spec §2: 7 entries then more, 新 tag, tooltips)', () => {
  it('shows the first 7 menu entries in the top bar and the rest under 更多', () => {
    renderLayout(menu, '/index', 'horizontal', 'desktop');
    const entries = within(mainMenu())
      .getAllByRole('menuitem')
      .map((entry) => entry.textContent);
    expect(entries).toEqual([
      '首页',
      LONG_TOP_TITLE,
      EIGHT_CHARACTERS,
      '新功能新',
      '审批中心',
      '邮件',
      '新闻公告',
      '更多',
    ]);
  });

  it('marks new entries with the 新 tag', () => {
    renderLayout(menu, '/index', 'horizontal', 'desktop');
    const fresh = within(mainMenu()).getByRole('menuitem', { name: /新功能/ });
    expect(fresh.querySelector('.ant-tag')?.textContent).toBe('新');
    const plain = within(mainMenu()).getByRole('menuitem', { name: /邮件/ });
    expect(plain.querySelector('.ant-tag')).toBeNull();
  });

  it('gives top-bar titles over 8 characters a tooltip, and not those of 8', async () => {
    renderLayout(menu, '/index', 'horizontal', 'desktop');
    hover(EIGHT_CHARACTERS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tooltipText()).toBeNull();
    hover(LONG_TOP_TITLE);
    await waitFor(() => expect(tooltipText()).toBe(LONG_TOP_TITLE));
  });

  it('gives submenu titles over 5 characters a tooltip, and not shorter ones', async () => {
    renderLayout(menu, '/index', 'horizontal', 'desktop');
    fireEvent.mouseEnter(within(mainMenu()).getByRole('menuitem', { name: '更多' }));
    await screen.findByText(LONG_SUB_TITLE);
    hover('考勤');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tooltipText()).toBeNull();
    hover(LONG_SUB_TITLE);
    await waitFor(() => expect(tooltipText()).toBe(LONG_SUB_TITLE));
  });
});

describe('mobile layout (spec §2, §9: the side bar folds after 2 s)', () => {
  it('folds the side bar 2 s after the layout shows, even when it was opened meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderLayout(menu, '/mail', 'vertical', 'mobile');
    expect(useSettings.getState().collapse).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(useSettings.getState().collapse).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(useSettings.getState().collapse).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(useSettings.getState().collapse).toBe(true);
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();
  });

  it('is always vertical on a phone, whatever the stored layout', () => {
    renderLayout(menu, '/mail', 'horizontal', 'mobile');
    expect(document.querySelector('.eip-layout-vertical.eip-mobile')).not.toBeNull();
    expect(document.querySelector('.eip-layout-horizontal')).toBeNull();
  });
});
