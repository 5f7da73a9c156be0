import type { MenuItemShape } from '@eip/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildOptions, menuCatalog, menuItem } from '../../test/menu';
import { buildRoutes, RouteBuildError, STRIPPED_FIELDS, unknownPathTarget, type BuildOptions } from './build';
import { menuTrail, resolvePage, touchKeptAlive } from './pages';

describe('spec §2 route building from the server menu', () => {
  it('maps the layout component names to layouts and any other name to the page of that name', () => {
    const layouts = [
      'Layout',
      'EmptyLayout',
      'DatavLayout',
      'TemplateLayout',
      'QuerySqlLayout',
      'indexLayout',
      'OnlineMenu',
      'MultilevelMenuLayout',
    ];
    const built = buildRoutes(
      [...layouts.map((name, i) => menuItem(`/l${i}`, name)), menuItem('/matter/myTask', 'myTask')],
      buildOptions(),
    );
    expect(built.pages.slice(0, layouts.length).map((r) => r.view)).toEqual(
      layouts.map((layout) => ({ kind: 'layout', layout })),
    );
    expect(built.pages.at(-1)?.view).toEqual({ kind: 'page', page: 'myTask' });
  });

  it('an item without route extension becomes /onlineMenu/{name from the path}', () => {
    const built = buildRoutes(
      [
        menuCatalog(
          '/template',
          [menuItem('/template/contractData', 'OnlineMenu', { routeExtend: null })],
          'TemplateLayout',
        ),
      ],
      buildOptions(),
    );
    expect(built.pages[0]).toMatchObject({ path: '/onlineMenu/contractData', component: 'OnlineMenu' });
    expect(built.tree[0]?.path).toBe('/template');
  });

  it('merges the route-extension JSON into the meta, and fails on one that is not a JSON object', () => {
    const extended = menuItem('/a', 'pageA', { routeExtend: '{"hidden":true,"meta":{"isNew":true}}' });
    const built = buildRoutes([extended], buildOptions());
    expect(built.pages[0]?.meta).toMatchObject({ hidden: true, isNew: true, title: extended.name });
    expect(() =>
      buildRoutes([menuItem('/b', 'pageB', { routeExtend: '{not json' })], buildOptions()),
    ).toThrow(RouteBuildError);
    expect(() => buildRoutes([menuItem('/c', 'pageC', { routeExtend: '[1]' })], buildOptions())).toThrow(
      RouteBuildError,
    );
  });

  it('splits a query string off the menu path and puts its pairs in the meta', () => {
    const built = buildRoutes(
      [menuItem('/matter/approvalForm?type=done&isReadonly=true', 'approvalForm')],
      buildOptions(),
    );
    expect(built.pages[0]).toMatchObject({
      path: '/matter/approvalForm',
      fullPath: '/matter/approvalForm?type=done&isReadonly=true',
      meta: { type: 'done', isReadonly: 'true', query: { type: 'done', isReadonly: 'true' } },
    });
  });

  it('strips activeTab, id, menuIcon, pkVal, sn, sysMethods, tabsStyle, tenantId and parentId', () => {
    const stripped = {
      activeTab: 'x',
      id: '7',
      menuIcon: 'BellOutlined',
      pkVal: '1',
      sn: 3,
      sysMethods: ['a'],
      tabsStyle: 'y',
      tenantId: '-1',
      parentId: 'p',
    };
    const built = buildRoutes(
      [
        menuItem('/a', 'pageA', {
          activeTab: 'x',
          tabsStyle: 'y',
          ...({ pkVal: '1', sysMethods: [] } as object),
        }),
        menuItem('/b', 'pageB', {
          routeExtend: JSON.stringify({
            ...stripped,
            keep: 'extension',
            meta: { ...stripped, deep: 'meta' },
          }),
          meta: { title: 'b', alias: 'b', ...stripped } as MenuItemShape['meta'],
        }),
      ],
      buildOptions(),
    );
    for (const route of built.pages) {
      for (const field of STRIPPED_FIELDS) {
        expect(route).not.toHaveProperty(field);
        expect(route.meta, `${route.path} ${field}`).not.toHaveProperty(field);
      }
      expect(route.meta.icon).toBe('HomeOutlined');
    }
    expect(built.pages[1]?.meta).toMatchObject({ keep: 'extension', deep: 'meta', title: 'b' });
  });

  it('drops a later entry with a path already taken and logs 存在相同的路由路径', () => {
    const logError = vi.fn();
    const built = buildRoutes(
      [
        menuItem('/a', 'first', { name: '第一' }),
        menuCatalog('/x', [menuItem('/a', 'second', { name: '第二' })]),
      ],
      buildOptions({ logError }),
    );
    expect(built.pages.map((r) => r.meta.title)).toEqual(['第一']);
    expect(logError).toHaveBeenCalledWith('存在相同的路由路径', '/a');
  });

  it('keeps myTask and startProcess alive, the previews only behind their flags, never with noKeepAlive', () => {
    const menu = [
      menuItem('/t', 'myTask'),
      menuItem('/s', 'startProcess'),
      menuItem('/p', 'templatePreview'),
      menuItem('/q', 'querySqlPreview'),
      menuItem('/n', 'myTask', { alias: 'n2', meta: { title: 'n', alias: 'n2', noKeepAlive: true } }),
      menuItem('/o', 'other'),
    ];
    const keep = (flags: Partial<BuildOptions>) =>
      buildRoutes(menu, buildOptions(flags))
        .pages.filter((r) => r.meta.keepAlive)
        .map((r) => r.path);
    expect(keep({})).toEqual(['/t', '/s']);
    expect(keep({ keepAliveTemplatePreview: true, keepAliveQuerySqlPreview: true })).toEqual([
      '/t',
      '/s',
      '/p',
      '/q',
    ]);
  });

  it('caps kept-alive views, dropping the least recently shown', () => {
    let list: string[] = [];
    for (const key of ['a', 'b', 'c', 'a', 'd']) list = touchKeptAlive(list, key, 3);
    expect(list).toEqual(['c', 'a', 'd']);
  });

  it('the first non-catalog entry is the landing page; unknown paths go there, or to /403 without one', () => {
    const built = buildRoutes(
      [
        menuCatalog('/matter', [menuItem('/matter/myTask?tab=1', 'myTask')]),
        menuItem('/index', 'indexLayout'),
      ],
      buildOptions(),
    );
    expect(built.landing).toBe('/matter/myTask?tab=1');
    expect(unknownPathTarget(built)).toBe('/matter/myTask?tab=1');
    expect(unknownPathTarget(buildRoutes([], buildOptions()))).toBe('/403');
  });

  it('resolves an address to its menu page, then to the fixed pages of spec §2, else null', () => {
    const built = buildRoutes(
      [menuCatalog('/matter', [menuItem('/matter/myTask', 'myTask', { name: '待办事项' })])],
      buildOptions(),
    );
    const t = (key: string) => `t:${key}`;
    expect(resolvePage('/matter/myTask', built, t)).toMatchObject({
      page: 'myTask',
      title: '待办事项',
      keepAlive: true,
    });
    expect(resolvePage('/templateForm/contract/add', built, t)).toMatchObject({
      page: 'templateForm',
      title: 't:pages.templateForm',
    });
    expect(resolvePage('/formPreview/f1', built, t)).toMatchObject({ bare: true });
    expect(resolvePage('/nowhere', built, t)).toBeNull();
    expect(menuTrail(built.tree, '/matter/myTask').map((r) => r.path)).toEqual(['/matter', '/matter/myTask']);
  });
});
