import type { MenuItemShape } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { restrictMenu } from '../../../test/fixtures.js';

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
