import type { MenuItemShape } from '@eip/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildRoutes, RouteBuildError, STRIPPED_FIELDS, unknownPathTarget, type BuildOptions } from './build';
import { menuTrail, resolvePage, touchKeptAlive } from './pages';

let nextId = 1;
function item(path: string, component: string, extra: Partial<MenuItemShape> = {}): MenuItemShape {
  const alias = extra.alias ?? `m${nextId}`;
  return {
    id: String(nextId++),
    parentId: null,
    alias,
    code: alias,
    name: extra.name ?? alias,
    sn: nextId,
    path,
    menuUrl: null,
    href: null,
    routeExtend: '{}',
    component,
    menuIcon: 'HomeOutlined',
    tabsStyle: null,
    activeTab: null,
    tenantId: '-1',
    meta: { title: extra.name ?? alias, alias },
    children: [],
    ...extra,
  };
}
const catalog = (path: string, children: MenuItemShape[], component = 'Layout') =>
  item(path, component, { routeExtend: null, children });

function options(extra: Partial<BuildOptions> = {}): BuildOptions {
  return {
    keepAliveTemplatePreview: false,
    keepAliveQuerySqlPreview: false,
    logError: vi.fn(),
    duplicateMessage: '存在相同的路由路径',
    ...extra,
  };
}

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
      [...layouts.map((name, i) => item(`/l${i}`, name)), item('/matter/myTask', 'myTask')],
      options(),
    );
    expect(built.pages.slice(0, layouts.length).map((r) => r.view)).toEqual(
      layouts.map((layout) => ({ kind: 'layout', layout })),
    );
    expect(built.pages.at(-1)?.view).toEqual({ kind: 'page', page: 'myTask' });
  });

  it('an item without route extension becomes /onlineMenu/{name from the path}', () => {
    const built = buildRoutes(
      [
        catalog(
          '/template',
          [item('/template/contractData', 'OnlineMenu', { routeExtend: null })],
          'TemplateLayout',
        ),
      ],
      options(),
    );
    expect(built.pages[0]).toMatchObject({ path: '/onlineMenu/contractData', component: 'OnlineMenu' });
    expect(built.tree[0]?.path).toBe('/template');
  });

  it('merges the route-extension JSON into the meta, and fails on one that is not a JSON object', () => {
    const built = buildRoutes(
      [item('/a', 'pageA', { routeExtend: '{"hidden":true,"meta":{"isNew":true}}' })],
      options(),
    );
    expect(built.pages[0]?.meta).toMatchObject({ hidden: true, isNew: true, title: 'm' + (nextId - 1) });
    expect(() => buildRoutes([item('/b', 'pageB', { routeExtend: '{not json' })], options())).toThrow(
      RouteBuildError,
    );
    expect(() => buildRoutes([item('/c', 'pageC', { routeExtend: '[1]' })], options())).toThrow(
      RouteBuildError,
    );
  });

  it('splits a query string off the menu path and puts its pairs in the meta', () => {
    const built = buildRoutes(
      [item('/matter/approvalForm?type=done&isReadonly=true', 'approvalForm')],
      options(),
    );
    expect(built.pages[0]).toMatchObject({
      path: '/matter/approvalForm',
      fullPath: '/matter/approvalForm?type=done&isReadonly=true',
      meta: { type: 'done', isReadonly: 'true', query: { type: 'done', isReadonly: 'true' } },
    });
  });

  it('strips activeTab, id, menuIcon, pkVal, sn, sysMethods, tabsStyle, tenantId and parentId', () => {
    const built = buildRoutes(
      [
        item('/a', 'pageA', {
          activeTab: 'x',
          tabsStyle: 'y',
          ...({ pkVal: '1', sysMethods: [] } as object),
        }),
      ],
      options(),
    );
    const route = built.pages[0]!;
    for (const field of STRIPPED_FIELDS) {
      expect(route).not.toHaveProperty(field);
      expect(route.meta).not.toHaveProperty(field);
    }
    expect(route.meta.icon).toBe('HomeOutlined');
  });

  it('drops a later entry with a path already taken and logs 存在相同的路由路径', () => {
    const logError = vi.fn();
    const built = buildRoutes(
      [item('/a', 'first', { name: '第一' }), catalog('/x', [item('/a', 'second', { name: '第二' })])],
      options({ logError }),
    );
    expect(built.pages.map((r) => r.meta.title)).toEqual(['第一']);
    expect(logError).toHaveBeenCalledWith('存在相同的路由路径', '/a');
  });

  it('keeps myTask and startProcess alive, the previews only behind their flags, never with noKeepAlive', () => {
    const menu = [
      item('/t', 'myTask'),
      item('/s', 'startProcess'),
      item('/p', 'templatePreview'),
      item('/q', 'querySqlPreview'),
      item('/n', 'myTask', { alias: 'n2', meta: { title: 'n', alias: 'n2', noKeepAlive: true } }),
      item('/o', 'other'),
    ];
    const keep = (flags: Partial<BuildOptions>) =>
      buildRoutes(menu, options(flags))
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
      [catalog('/matter', [item('/matter/myTask?tab=1', 'myTask')]), item('/index', 'indexLayout')],
      options(),
    );
    expect(built.landing).toBe('/matter/myTask?tab=1');
    expect(unknownPathTarget(built)).toBe('/matter/myTask?tab=1');
    expect(unknownPathTarget(buildRoutes([], options()))).toBe('/403');
  });

  it('resolves an address to its menu page, then to the fixed pages of spec §2, else null', () => {
    const built = buildRoutes(
      [catalog('/matter', [item('/matter/myTask', 'myTask', { name: '待办事项' })])],
      options(),
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
