import { routeUrl, type ColumnSave, type LayoutItem, type RouteName } from '@eip/contracts';
import { count } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import * as tables from '../../db/schema.js';

/**
 * The portal home through the API: the effective layout of each kind of user, the column data in one call,
 * the user's own arrangement with its stale-save guard, the designers' columns (call columns checked
 * against the route table, request headers that must be JSON) and layouts, the apps of the switcher —
 * with bad input and other tenants answered 4xx and nothing changed.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acmeId: string;

const call = async <N extends RouteName>(name: N, account: string, options: CallOptions<N> = {}) =>
  t.call(name, { ...options, token: await f.as(account) });

const home = async (account: string) => {
  const { status, body } = await call('vueFrontHome', account);
  expect(status, body.message).toBe(200);
  return body.value;
};

const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      (['homeColumns', 'homeLayouts', 'userLayouts', 'sysApps'] as const).map(
        async (name) =>
          [name, (await t.database.db.select({ n: count() }).from(tables[name]))[0]?.n] as const,
      ),
    ),
  );

const column = (fields: Partial<ColumnSave> = {}): ColumnSave => ({
  alias: 'myTodoCount',
  name: '待办数',
  kind: 'figures',
  dataMode: 'call',
  dataFrom: '${bpmRunTime}/task/v1/getTodoCount',
  requestType: 'POST',
  audience: 'all',
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
});
afterAll(() => t.close());

describe('the home of each user (vueFrontHome)', () => {
  it('an employee gets the default layout without the secretaries’ 领导待办, and no arrangement of their own', async () => {
    const view = await home('zhuting');
    expect(view.layout).toMatchObject({ alias: 'home', scope: 'default' });
    const aliases = view.layout!.items.map((item) => item.alias);
    expect(aliases).toEqual(
      expect.arrayContaining([
        'todo',
        'figures',
        'startFlow',
        'newsCarousel',
        'notices',
        'meetings',
        'messages',
      ]),
    );
    expect(aliases).not.toContain('leaderTodo');
    expect(view.columns.map((c) => c.alias)).not.toContain('leaderTodo');
    expect(view.personal).toBeNull();
    expect(view.canDesign).toBe(false);
  });

  it('a secretary also gets 领导待办; a finance employee gets the finance role’s layout', async () => {
    expect((await home('wangfang')).layout!.items.map((item) => item.alias)).toContain('leaderTodo');
    expect((await home('huangmin')).layout).toMatchObject({ alias: 'financeHome', scope: 'role' });
  });

  it('the administrator designs', async () => {
    const view = await home('admin');
    expect(view.canDesign).toBe(true);
    expect(view.layout!.alias).toBe('home');
  });
});

describe('column data (getDatasByAlias)', () => {
  it('answers every column of the home in one call, with the real numbers (todo card count = getTodoCount)', async () => {
    const view = await home('zhuting');
    const aliases = view.layout!.items.map((item) => item.alias);
    const { status, body } = await call('getDatasByAlias', 'zhuting', { body: { aliases } });
    expect(status, body.message).toBe(200);
    expect(Object.keys(body.value).sort()).toEqual([...aliases].sort());
    for (const alias of aliases)
      expect(body.value[alias]!.state, `${alias}: ${body.value[alias]!.message}`).toBe(true);

    const todoCount = (await call('getTodoCount', 'zhuting')).body.value;
    expect(body.value.todo!.data!.total).toBe(todoCount);
    expect(body.value.todo!.data!.items!.length).toBe(Math.min(todoCount, 21));
    expect(body.value.figures!.data!.figures!.find((fig) => fig.key === 'todo')!.value).toBe(todoCount);
    const startable = (await call('newProcessCount', 'zhuting', { body: {} })).body.value;
    expect(body.value.startFlow!.data!.total).toBe(startable);
    expect(body.value.startFlow!.data!.items!.length).toBe(Math.min(startable, 11));
    expect(body.value.startFlow!.data!.items![0]!.link).toMatch(/^\/matter\/startProcess\?defId=/);
    const carousel = body.value.newsCarousel!.data!.items!;
    expect(carousel.length).toBeGreaterThan(0);
    for (const item of carousel) expect(item.image?.fileId).toBe(item.imageFileId);
    const chart = body.value.requestChart!.data!.chart!;
    expect(chart.categories).toHaveLength(6);
    expect(chart.series.map((s) => s.key)).toEqual(['running', 'returned', 'completed', 'stopped']);
    const requests = (await call('myRequestCount', 'zhuting')).body.value;
    const lastSixMonths = chart.series.flatMap((s) => s.data).reduce((sum, n) => sum + n, 0);
    expect(lastSixMonths).toBeLessThanOrEqual(requests);
  });

  it('the carousel’s covers load by their signed addresses without a token; a changed address is refused', async () => {
    const { body } = await call('getDatasByAlias', 'zhuting', { body: { aliases: ['newsCarousel'] } });
    const image = body.value.newsCarousel!.data!.items![0]!.image!;
    // the template database was seeded without the files' bytes: this cover gets a picture
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    mkdirSync(path.join(t.config.dataDir, 'files', '-1'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'files', '-1', image.fileId), picture);
    const load = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: routeUrl('downloadImage'), query });
    const shown = await load(image);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const other = body.value.newsCarousel!.data!.items![1]!.image!;
    for (const forged of [
      { ...image, fileId: other.fileId },
      { ...image, thumbnail: '128' },
      { ...image, sig: other.sig },
      { ...image, exp: String(Number(image.exp) + 3600) },
      { ...image, t: acmeId },
    ])
      expect((await load(forged)).statusCode, JSON.stringify(forged)).toBe(404);
    expect((await load({ fileId: image.fileId, thumbnail: image.thumbnail })).statusCode).toBe(401);
  });

  it('a secretary’s 领导待办 shows her leader’s tasks with their count (6 at most)', async () => {
    const { body } = await call('getDatasByAlias', 'wangfang', { body: { aliases: ['leaderTodo'] } });
    const leaderCount = (await call('getLeaderTodoCount', 'wangfang', { body: {} })).body.value;
    expect(body.value.leaderTodo!.data!.total).toBe(leaderCount);
    expect(body.value.leaderTodo!.data!.items!.length).toBe(Math.min(leaderCount, 6));
    for (const item of body.value.leaderTodo!.data!.items!) expect(item.link).toContain('leaderId=');
  });

  it('labels figures and chart series in the caller’s language', async () => {
    const { body } = await call('getDatasByAlias', 'zhuting', {
      body: { aliases: ['figures', 'requestChart'] },
      lang: 'en-US',
    });
    expect(body.value.figures!.data!.figures!.map((fig) => fig.label)).toEqual([
      'My to-dos',
      'Handled this month',
      'Requests in progress',
    ]);
    expect(body.value.requestChart!.data!.chart!.series[2]!.name).toBe('Completed');
  });

  it('an unknown alias is 404, a column the caller may not see 403, a malformed list 400', async () => {
    const unknown = await call('getDatasByAlias', 'zhuting', { body: { aliases: ['todo', 'nope'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('nope');
    const hidden = await call('getDatasByAlias', 'zhuting', { body: { aliases: ['leaderTodo'] } });
    expect(hidden.status).toBe(403);
    expect((await call('getDatasByAlias', 'zhuting', { body: { aliases: [] } })).status).toBe(400);
    expect((await call('getDatasByAlias', 'zhuting', { body: { aliases: ['todo', 'todo'] } })).status).toBe(
      400,
    );
    expect((await call('getColumnByAlias', 'zhuting', { query: { alias: 'leaderTodo' } })).status).toBe(403);
    expect((await t.call('getDatasByAlias', { body: { aliases: ['todo'] } })).status).toBe(401);
  });
});

describe('the user’s own arrangement (portalUserLayoutConfig/save)', () => {
  const arrangement = (items: LayoutItem[], hidden: string[] = []) => JSON.stringify({ items, hidden });

  it('is stored, restored by vueFrontHome, refused when based on an older one, and reset', async () => {
    const before = await home('liuyang');
    const layoutId = before.layout!.id;
    const items = before.layout!.items.filter((item) => item.alias !== 'meetings');
    const first = await call('saveUserLayoutConfig', 'liuyang', {
      body: { layoutId, configContent: arrangement(items, ['meetings']), updateTime: null },
    });
    expect(first.status, first.body.message).toBe(200);
    const restored = (await home('liuyang')).personal!;
    expect(restored).toMatchObject({
      layoutId,
      hidden: ['meetings'],
      updateTime: first.body.value.updateTime,
    });
    expect(restored.items).toEqual(items);

    // a second browser still holding the first arrangement's predecessor is refused; nothing changes
    const counts = await rowCounts();
    const stale = await call('saveUserLayoutConfig', 'liuyang', {
      body: { layoutId, configContent: arrangement(before.layout!.items), updateTime: null },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('别处修改');
    const older = await call('saveMyLayout', 'liuyang', {
      body: {
        layoutId,
        configContent: arrangement(before.layout!.items),
        updateTime: before.layout!.updateTime,
      },
    });
    expect(older.status).toBe(409);
    expect((await home('liuyang')).personal!.items).toEqual(items);
    expect(await rowCounts()).toEqual(counts);

    const moved = items.map((item) => (item.alias === 'todo' ? { ...item, w: 6 } : item));
    const second = await call('saveMyLayout', 'liuyang', {
      body: {
        layoutId,
        configContent: arrangement(moved, ['meetings']),
        updateTime: first.body.value.updateTime,
      },
    });
    expect(second.status, second.body.message).toBe(200);

    const reset = await call('resetUserLayoutConfig', 'liuyang', { query: { layoutId } });
    expect(reset.body.value).toBe(true);
    expect((await home('liuyang')).personal).toBeNull();
  });

  it('refuses content that is not JSON, unknown or hidden-and-placed columns, overlaps and columns outside the grid', async () => {
    const { layout } = await home('zhuting');
    const layoutId = layout!.id;
    const counts = await rowCounts();
    const save = (configContent: string) =>
      call('saveUserLayoutConfig', 'zhuting', { body: { layoutId, configContent, updateTime: null } });
    const notJson = await save('{items:');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('布局内容不是有效的JSON格式');
    expect((await save(JSON.stringify({ items: 'x' }))).status).toBe(400);
    const cases: [LayoutItem[], string[], string][] = [
      [[{ alias: 'leaderTodo', x: 0, y: 0, w: 4, h: 4 }], [], 'leaderTodo'],
      [[{ alias: 'nothing', x: 0, y: 0, w: 4, h: 4 }], [], 'nothing'],
      [
        [
          { alias: 'todo', x: 0, y: 0, w: 8, h: 7 },
          { alias: 'figures', x: 6, y: 2, w: 4, h: 3 },
        ],
        [],
        'figures',
      ],
      [[{ alias: 'todo', x: 6, y: 0, w: 8, h: 7 }], [], 'todo'],
      [[{ alias: 'todo', x: 0, y: 0, w: 8, h: 7 }], ['todo'], 'todo'],
    ];
    for (const [items, hidden, named] of cases) {
      const refused = await save(arrangement(items, hidden));
      expect(refused.status, JSON.stringify(items)).toBe(400);
      expect(refused.body.message).toContain(named);
    }
    const otherLayout = await call('saveUserLayoutConfig', 'zhuting', {
      body: { layoutId: 'no-such-layout', configContent: arrangement([]), updateTime: null },
    });
    expect(otherLayout.status).toBe(404);
    expect(await rowCounts()).toEqual(counts);
  });
});

describe('designers: columns', () => {
  it('a call column names a read of the route table and shows its number; its headers must be JSON', async () => {
    const saved = await call('saveColumn', 'admin', {
      body: column({ requestHeader: '{"X-Column":"home"}', dataParam: [] }),
    });
    expect(saved.status, saved.body.message).toBe(200);
    const { body } = await call('getDatasByAlias', 'zhuting', { body: { aliases: ['myTodoCount'] } });
    const todoCount = (await call('getTodoCount', 'zhuting')).body.value;
    expect(body.value.myTodoCount).toMatchObject({ state: true, data: { figures: [{ value: todoCount }] } });

    const counts = await rowCounts();
    const notJson = await call('saveColumn', 'admin', {
      body: column({ alias: 'bad1', requestHeader: '{Authorization: x' }),
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('请求头部不是有效的JSON格式');
    const notObject = await call('saveColumn', 'admin', {
      body: column({ alias: 'bad2', requestHeader: '[1]' }),
    });
    expect(notObject.body.message).toBe('请求头部不是有效的JSON格式');
    const reserved = await call('saveColumn', 'admin', {
      body: column({ alias: 'bad3', requestHeader: '{"Authorization":"Bearer x"}' }),
    });
    expect(reserved.status).toBe(400);
    expect(reserved.body.message).toContain('Authorization');
    for (const dataFrom of [
      'https://evil.example.com/steal',
      '//evil.example.com/x',
      '${bpmRunTime}/task/v1/complete',
      '${portal}/sysIndexColumn/v1/getDatasByAlias',
      '${portal}/system/file/downloadFile',
      '${bpmRunTime}/task/v1/getTodoCount?x=1',
    ]) {
      const refused = await call('saveColumn', 'admin', { body: column({ alias: 'bad4', dataFrom }) });
      expect(refused.status, dataFrom).toBe(400);
    }
    const wrongMethod = await call('saveColumn', 'admin', {
      body: column({ alias: 'bad5', requestType: 'GET' }),
    });
    expect(wrongMethod.status).toBe(400);
    const wrongKind = await call('saveColumn', 'admin', {
      body: column({ alias: 'bad6', dataMode: 'provider', dataFrom: 'news', kind: 'chart' }),
    });
    expect(wrongKind.status).toBe(400);
    const badLink = await call('saveColumn', 'admin', {
      body: column({
        alias: 'bad7',
        dataMode: 'provider',
        dataFrom: 'links',
        kind: 'links',
        dataParam: [{ name: 'x', value: 'javascript:alert(1)' }],
      }),
    });
    expect(badLink.status).toBe(400);
    const taken = await call('saveColumn', 'admin', { body: column() });
    expect(taken.status).toBe(409);
    const employee = await call('saveColumn', 'zhuting', { body: column({ alias: 'mine' }) });
    expect(employee.status).toBe(403);
    expect(await rowCounts()).toEqual(counts);
  });

  it('a call column whose call fails answers its own error while the others still answer', async () => {
    const saved = await call('saveColumn', 'admin', {
      body: column({
        alias: 'brokenNews',
        kind: 'list',
        dataFrom: '${portal}/portalNewsNotice/getNewsById',
        requestType: 'GET',
        dataParam: [{ name: 'id', value: 'no-such-entry' }],
      }),
    });
    expect(saved.status, saved.body.message).toBe(200);
    const { status, body } = await call('getDatasByAlias', 'zhuting', {
      body: { aliases: ['brokenNews', 'notices'] },
    });
    expect(status).toBe(200);
    expect(body.value.brokenNews).toMatchObject({ state: false, data: null });
    expect(body.value.brokenNews!.message).toContain('no-such-entry');
    expect(body.value.notices!.state).toBe(true);
  });

  it('rich text is sanitised; an audience of part needs roles, orgs or posts that exist', async () => {
    const saved = await call('saveColumn', 'admin', {
      body: column({
        alias: 'welcome',
        kind: 'html',
        dataMode: 'provider',
        dataFrom: 'html',
        templateHtml: '<p onclick="steal()">欢迎<script>alert(1)</script><a href="javascript:x">链接</a></p>',
      }),
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.value.templateHtml).not.toMatch(/script|onclick|javascript/);
    const { body } = await call('getDatasByAlias', 'zhuting', { body: { aliases: ['welcome'] } });
    expect(body.value.welcome!.data!.html).toContain('欢迎');
    const noAudience = await call('saveColumn', 'admin', {
      body: column({ alias: 'part1', audience: 'part' }),
    });
    expect(noAudience.status).toBe(400);
    const unknownRole = await call('saveColumn', 'admin', {
      body: column({ alias: 'part2', audience: 'part', roleIds: ['no-such-role'] }),
    });
    expect(unknownRole.status).toBe(400);
  });

  it('a column placed on a layout cannot be deleted; another tenant’s column is not found', async () => {
    const todo = (await call('getColumnByAlias', 'admin', { query: { alias: 'todo' } })).body.value;
    const inUse = await call('removeColumns', 'admin', { query: { ids: todo.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('默认门户');
    const acmeAdmin = await f.as('admin', acmeId);
    const foreign = await t.call('removeColumns', { token: acmeAdmin, query: { ids: todo.id } });
    expect(foreign.status).toBe(404);
    expect((await call('getColumnByAlias', 'admin', { query: { alias: 'todo' } })).status).toBe(200);
  });
});

describe('designers: layouts', () => {
  it('the administrator saves a layout for the HR role and its holders get it; a stale save is refused', async () => {
    const roles = (await call('getRolePage', 'admin', { body: { pageBean: { pageSize: 100 } } })).body.value
      .rows;
    const hr = roles.find((role) => role.code === 'hr')!;
    const items: LayoutItem[] = [
      { alias: 'notices', x: 0, y: 0, w: 12, h: 5 },
      { alias: 'todo', x: 0, y: 5, w: 12, h: 6 },
    ];
    const saved = await call('saveLayout', 'admin', {
      body: { alias: 'hrHome', name: '人事工作台', scope: 'role', scopeId: hr.id, items },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.value.scopeName).toBe(hr.name);
    expect((await home('chenjing')).layout).toMatchObject({ alias: 'hrHome', items });
    expect((await home('zhuting')).layout!.alias).toBe('home');

    const changed = await call('saveLayout', 'admin', {
      body: {
        ...saved.body.value,
        id: saved.body.value.id,
        name: '人事首页',
        memo: null,
        updateTime: saved.body.value.updateTime,
      },
    });
    expect(changed.status, changed.body.message).toBe(200);
    const stale = await call('saveLayout', 'admin', {
      body: { ...saved.body.value, memo: null, name: '旧名字', updateTime: saved.body.value.updateTime },
    });
    expect(stale.status).toBe(409);
    expect((await call('getLayoutByAlias', 'admin', { query: { alias: 'hrHome' } })).body.value.name).toBe(
      '人事首页',
    );

    const second = await call('saveLayout', 'admin', {
      body: { alias: 'hrHome2', name: '重复', scope: 'role', scopeId: hr.id, items: [] },
    });
    expect(second.status).toBe(409);
    const removed = await call('removeLayouts', 'admin', { query: { ids: saved.body.value.id } });
    expect(removed.body.value).toBe(1);
    expect((await home('chenjing')).layout!.alias).toBe('home');
  });

  it('refuses bad layouts and guards the default one; employees neither save nor list layouts', async () => {
    const counts = await rowCounts();
    const noRole = await call('saveLayout', 'admin', {
      body: { alias: 'x1', name: 'x', scope: 'role', items: [] },
    });
    expect(noRole.status).toBe(400);
    const unknownColumn = await call('saveLayout', 'admin', {
      body: { alias: 'x2', name: 'x', scope: 'app', items: [{ alias: 'ghost', x: 0, y: 0, w: 2, h: 2 }] },
    });
    expect(unknownColumn.status).toBe(400);
    const defaultLayout = (await home('admin')).layout!;
    const removeDefault = await call('removeLayouts', 'admin', { query: { ids: defaultLayout.id } });
    expect(removeDefault.status).toBe(400);
    expect(
      (await call('saveLayout', 'zhuting', { body: { alias: 'x3', name: 'x', scope: 'app', items: [] } }))
        .status,
    ).toBe(403);
    expect((await call('getLayoutList', 'zhuting')).status).toBe(403);
    expect((await call('getLayoutByAlias', 'zhuting', { query: { alias: 'financeHome' } })).status).toBe(403);
    const acmeAdmin = await f.as('admin', acmeId);
    const foreign = await t.call('saveLayout', {
      token: acmeAdmin,
      body: { ...defaultLayout, memo: null, name: '改名', updateTime: defaultLayout.updateTime },
    });
    expect(foreign.status).toBe(404);
    expect(await rowCounts()).toEqual(counts);
  });
});

describe('apps of the other-portals switcher (sysApp/authList)', () => {
  it('lists the apps each user may open and shows a layout app’s content', async () => {
    const names = async (account: string) =>
      (await call('getAppAuthList', account, { body: {} })).body.value.map((app) => app.name);
    expect(await names('zhuting')).toEqual(['门户']);
    expect(await names('huangmin')).toEqual(['门户', '财务系统']);
    expect(await names('admin')).toEqual(['门户', '财务系统', '人事系统']);
    const finance = (await call('getAppAuthList', 'huangmin', { body: {} })).body.value.find(
      (app) => app.alias === 'finance',
    )!;
    const content = await call('getApp', 'huangmin', { query: { id: finance.id } });
    expect(content.body.value.layout!.items.map((item) => item.alias)).toEqual([
      'figures',
      'requestChart',
      'quickLinks',
    ]);
    expect((await call('getApp', 'zhuting', { query: { id: finance.id } })).status).toBe(404);
    expect((await call('getLayoutByAlias', 'huangmin', { query: { alias: 'financeApp' } })).status).toBe(200);
    const acmeAdmin = await f.as('admin', acmeId);
    expect((await t.call('getApp', { token: acmeAdmin, query: { id: finance.id } })).status).toBe(404);
  });
});
