import type { MenuItemShape } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, restrictMenu, userIdOf } from '../../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const aliases = (items: MenuItemShape[]): string[] => items.flatMap((i) => [i.alias, ...aliases(i.children)]);
const menuOf = async (account: string, tenantId?: string) =>
  (
    await t.call('getCurrentUserMenu', {
      token: await t.login(account, undefined, tenantId),
      query: { menuAlias: 'front_menu' },
    })
  ).body.value;

describe('getCurrentUserMenu', () => {
  it('answers the front menu tree with the fields of spec §3, in order, for every area of the spec', async () => {
    const menu = await menuOf('zhuting');
    expect(menu.map((m) => m.name)).toEqual([
      '首页',
      '审批中心',
      '邮件',
      '内部消息',
      '组织架构',
      '数据模板',
      '新闻公告',
      '个人设置',
    ]);
    const flow = menu.find((m) => m.alias === 'v-flow')!;
    expect(flow).toMatchObject({
      component: 'Layout',
      path: '/matter',
      meta: { title: '审批中心', isChildren: true },
    });
    expect(flow.children.map((c) => c.alias)).toContain('v-myTask');
    const myTask = flow.children.find((c) => c.alias === 'v-myTask')!;
    expect(myTask).toMatchObject({
      name: '待办事项',
      path: '/matter/myTask',
      component: 'myTask',
      routeExtend: '{}',
      parentId: flow.id,
      tenantId: '-1',
      meta: { title: '待办事项', alias: 'v-myTask' },
    });
    expect(menu[0]?.meta.affix).toBe(true);
    const contracts = menu
      .find((m) => m.alias === 'v-template')!
      .children.find((c) => c.alias === 'v-contractData');
    expect(contracts).toMatchObject({
      component: 'TemplateLayout',
      routeExtend: '{"templateAlias":"contract"}',
    });
  });

  it('the company directory (组织架构) is for everyone, the administrator too', async () => {
    for (const account of ['zhuting', 'admin']) {
      const directory = (await menuOf(account)).find((m) => m.alias === 'v-orgManage');
      expect(directory).toMatchObject({ name: '组织架构', component: 'orgManage', parentId: null });
    }
  });

  it('filters by role: an entry with roles is only for their holders (administrators see all)', async () => {
    await restrictMenu(t, 'v-mailSetting', 'finance');
    expect(aliases(await menuOf('zhuting'))).not.toContain('v-mailSetting');
    expect(aliases(await menuOf('zhaolei'))).toContain('v-mailSetting');
    expect(aliases(await menuOf('admin'))).toContain('v-mailSetting');
  });

  it('answers each tenant its own menu', async () => {
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
    const menu = await menuOf('alice', acme.id);
    expect(menu.every((m) => m.tenantId === acme.id)).toBe(true);
  });
});

describe('method permissions', () => {
  it('answers all methods, and the caller’s by role (administrators hold all)', async () => {
    const token = await t.login('zhaolei');
    const all = (await t.call('getAllMethods', { token })).body.value.map((m) => m.alias);
    expect(all).toEqual([
      'flow:batchApprove',
      'flow:start',
      'mail:send',
      'news:publish',
      'portal:design',
      'template:edit',
      'uc:manage',
    ]);
    expect((await t.call('getCurrentUserMethods', { token })).body.value).toEqual([
      'flow:batchApprove',
      'flow:start',
      'mail:send',
      'template:edit',
    ]);
    expect((await t.call('getCurrentUserMethods', { token: await t.login('admin') })).body.value).toEqual(
      all,
    );
  });
});

describe('getMobileURL', () => {
  it('answers null without a mobile portal, and the configured address with one (spec §1)', async () => {
    expect((await t.call('getMobileURL')).body).toMatchObject({ state: true, value: null });
    const withMobile = await createTestApp({ MOBILE_URL: 'https://m.example.com/eip' });
    try {
      expect((await withMobile.call('getMobileURL')).body.value).toBe('https://m.example.com/eip');
    } finally {
      await withMobile.close();
    }
  });
});

describe('menus and sub menus by user id (spec §7 "Auth and user")', () => {
  const ofUser = (token: string, userId: string) =>
    t.call('getMenusByUserId', { token, query: { userId, menuAlias: 'front_menu' } });
  const underOf = (token: string, userId: string, alias: string) =>
    t.call('getSubMenusByUserId', { token, query: { userId, alias } });

  it('answer what that user sees: to the user, and to an administrator of the tenant', async () => {
    await restrictMenu(t, 'v-delegated', 'hr');
    await restrictMenu(t, 'v-news', 'news_admin');
    const [zhuting, admin] = await Promise.all([t.login('zhuting'), t.login('admin')]);
    const [zhutingId, chenjingId] = await Promise.all([
      userIdOf(t, admin, 'zhuting'),
      userIdOf(t, admin, 'chenjing'),
    ]);
    const own = await menuOf('zhuting');
    expect(aliases(own)).not.toContain('v-delegated');
    for (const caller of [zhuting, admin]) {
      expect((await ofUser(caller, zhutingId)).body.value).toEqual(own);
      const flow = (await underOf(caller, zhutingId, 'v-flow')).body.value;
      expect(flow).toEqual(own.find((m) => m.alias === 'v-flow')!.children);
      expectRefused(await underOf(caller, zhutingId, 'v-news'), 404);
    }
    const hrView = await underOf(admin, chenjingId, 'v-flow');
    expect(aliases(hrView.body.value)).toContain('v-delegated');
    expect(aliases((await ofUser(admin, chenjingId)).body.value)).not.toContain('v-news');
    const unknown = await underOf(zhuting, zhutingId, 'no-such-entry');
    expectRefused(unknown, 404);
    expect(unknown.body.message).toBe('菜单不存在或无权访问：no-such-entry');
  });

  it('anyone else is refused (403), and another tenant’s user is not found (404)', async () => {
    const [zhuting, admin] = await Promise.all([t.login('zhuting'), t.login('admin')]);
    const acme = await acmeTenantId(t);
    const alice = await t.login('alice', undefined, acme);
    const [chenjingId, aliceId] = [await userIdOf(t, admin, 'chenjing'), await userIdOf(t, alice, 'alice')];
    expectRefused(await ofUser(zhuting, chenjingId), 403);
    expectRefused(await underOf(zhuting, chenjingId, 'v-flow'), 403);
    expectRefused(await ofUser(alice, chenjingId), 403);
    expectRefused(await ofUser(admin, aliceId), 404);
    expectRefused(await underOf(admin, aliceId, 'v-flow'), 404);
    expectRefused(await ofUser(zhuting, aliceId), 403);
  });
});
