import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { dropdownPickUntil, quietFor, seriousViolations } from './support/app';
import { apiToken, artifacts, label, PHONE, setupUsers, type UserPage } from './support/approval';

/** The columns of the home in the order a reader meets them (their region headings). */
const columnNames = (page: Page) => page.locator('main [role="region"] h2').allTextContents();

/** Waits until every column of the home has its data (no skeleton, no busy card). */
async function columnsLoaded(page: Page) {
  await page.locator('main [role="region"]').first().waitFor();
  await expect
    .poll(() => page.locator('main [role="region"][aria-busy="true"], main .ant-skeleton').count(), {
      timeout: 20_000,
    })
    .toBe(0);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The calls of the shell itself (menu, user, permissions, badge, the live push stream, the sign-in mode …): the home's own are the others. */
const SHELL_CALLS =
  /getCurrentUserMenu|getCurrentUserMethodAuth|getDetailByAccountOrId|getSecretaryByUserId|getMsgbadge|getMobileURL|push\/v1\/stream|getTenantByCode|getPublicKey|\/auth\/auth|sso\/config/;

describe('the portal home in Chromium (issue 11)', () => {
  const { harness, as } = setupUsers();

  it('an employee’s home shows the default columns with real numbers, in at most 3 calls of its own', async () => {
    const { server } = await harness();
    const base = server.url;
    const token = await apiToken(base, 'zhuting');
    const todoCount = (await api<number>(base, 'POST', '/bpm-runtime/task/v1/getTodoCount', { token }))
      .envelope.value;
    const requests = (await api<number>(base, 'GET', '/bpm-runtime/instance/v1/myRequestCount', { token }))
      .envelope.value;
    expect(requests).toBeGreaterThan(0);

    const employee = await as('zhuting');
    const calls: string[] = [];
    let lastCallAt = Date.now();
    const onRequest = (request: Request) => {
      if (!['fetch', 'xhr'].includes(request.resourceType())) return;
      lastCallAt = Date.now();
      if (!SHELL_CALLS.test(request.url())) calls.push(request.url());
    };
    employee.page.on('request', onRequest);
    await employee.page.reload();
    await columnsLoaded(employee.page);
    await quietFor(employee.page, () => lastCallAt);
    employee.page.off('request', onRequest);
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(3);

    const names = await columnNames(employee.page);
    for (const name of [
      '待办',
      '工作概览',
      '发起流程',
      '常用流程',
      '新闻',
      '通知公告',
      '本周会议',
      '内部消息',
      '我的请求',
      '我的申请统计',
    ])
      expect(names).toContain(name);
    expect(names).not.toContain('领导待办');
    // the figures count up to the todo list's count (spec §9: 3000 ms)
    const figures = region(employee.page, '工作概览');
    await expect
      .poll(() => figures.getByRole('link').first().textContent(), { timeout: 6000 })
      .toContain(`${todoCount}我的待办`);
    await expect
      .poll(() => region(employee.page, '我的请求').locator('.ant-badge-count').getAttribute('title'))
      .toBe(String(requests));
    await region(employee.page, '新闻').locator('img').first().waitFor();
    await region(employee.page, '我的申请统计').getByRole('img', { name: '我的申请统计' }).waitFor();
    await employee.page.mouse.move(0, 0);
    expect(await seriousViolations(employee.page)).toEqual([]);
    await employee.page.screenshot({
      path: `${artifacts}home-employee.png`,
      fullPage: true,
      animations: 'disabled',
    });
  });

  it('a secretary also sees her leader’s todo card, whose count is the todo list’s', async () => {
    const { server } = await harness();
    const base = server.url;
    const token = await apiToken(base, 'wangfang');
    const leaderCount = (
      await api<number>(base, 'POST', '/bpm-runtime/task/v1/getLeaderTodoCount', { token, body: {} })
    ).envelope.value;
    expect(leaderCount).toBeGreaterThan(0);
    const secretary = await as('wangfang');
    await columnsLoaded(secretary.page);
    const leaderTodo = region(secretary.page, '领导待办');
    await expect
      .poll(() => leaderTodo.locator('.ant-badge-count').getAttribute('title'))
      .toBe(String(leaderCount));
    const first = leaderTodo.getByRole('listitem').first().getByRole('link');
    expect(await first.getAttribute('href')).toContain('leaderId=');
  });

  it('the user rearranges the home with the keyboard; it stays after a reload and in another browser; 获取最新门户 names the new columns', async () => {
    const { server } = await harness();
    const base = server.url;
    const user = await as('liuyang');
    await columnsLoaded(user.page);
    const before = await columnNames(user.page);
    await user.page.getByRole('button', { name: label('调整布局') }).click();
    const moveEarlier = user.page.getByRole('button', { name: '前移“本周会议”' });
    await moveEarlier.focus();
    await user.page.keyboard.press('Enter');
    await user.page.getByText('“本周会议”现在是第').waitFor({ state: 'attached' });
    await user.page.getByRole('button', { name: '隐藏“我的申请统计”' }).click();
    await user.page.getByRole('button', { name: label('保存布局') }).click();
    await user.page.getByText('布局已保存').waitFor();
    await columnsLoaded(user.page);
    const arranged = await columnNames(user.page);
    expect(arranged).not.toContain('我的申请统计');
    expect(arranged.indexOf('本周会议')).toBeLessThan(before.indexOf('本周会议'));

    await user.page.reload();
    await columnsLoaded(user.page);
    expect(await columnNames(user.page)).toEqual(arranged);
    const elsewhere = await as('liuyang');
    await columnsLoaded(elsewhere.page);
    expect(await columnNames(elsewhere.page)).toEqual(arranged);

    // the administrator adds 快捷入口 to the default layout meanwhile
    const adminToken = await apiToken(base, 'admin');
    const layout = (
      await api<{
        id: string;
        alias: string;
        name: string;
        scope: string;
        items: { alias: string; x: number; y: number; w: number; h: number }[];
        updateTime: string;
      }>(base, 'GET', '/portal/sysIndexLayoutManage/v1/getByAlias?alias=home', { token: adminToken })
    ).envelope.value;
    const bottom = Math.max(...layout.items.map((item) => item.y + item.h));
    const saved = await api(base, 'POST', '/portal/sysIndexLayoutManage/v1/save', {
      token: adminToken,
      body: { ...layout, items: [...layout.items, { alias: 'quickLinks', x: 0, y: bottom, w: 6, h: 3 }] },
    });
    expect(saved.envelope.state, saved.envelope.message).toBe(true);

    await user.page.reload();
    await columnsLoaded(user.page);
    expect(await columnNames(user.page)).not.toContain('快捷入口');
    await user.page.getByRole('button', { name: label('获取最新门户') }).click();
    await user.page.getByText('确认获取最新门户布局吗?').waitFor();
    await user.page.getByRole('button', { name: label('确定') }).click();
    await user.page.getByText('获取最新布局成功').waitFor();
    await user.page.getByText('新增栏目：快捷入口').waitFor();
    await columnsLoaded(user.page);
    const latest = await columnNames(user.page);
    expect(latest).toContain('快捷入口');
    expect(latest).toContain('我的申请统计');
  });

  it('the administrator saves a layout for the HR role on the home itself, and an HR employee gets it', async () => {
    const admin = await as('admin');
    await columnsLoaded(admin.page);
    await admin.page.getByRole('button', { name: label('设计门户') }).click();
    for (const [field, choice] of [
      ['布局', '新建布局'],
      ['角色', '人事专员'],
    ] as const) {
      const select = admin.page.getByLabel(field, { exact: true });
      await dropdownPickUntil(
        select,
        admin.page.locator('.ant-select-item-option:visible').filter({ hasText: choice }),
        () =>
          admin.page
            .locator('.ant-select')
            .filter({ has: select })
            .locator('.ant-select-content-has-value')
            .filter({ hasText: choice })
            .isVisible(),
      );
    }
    await admin.page.getByLabel('别名').fill('hrHome');
    await admin.page.getByLabel('名称', { exact: true }).fill('人事工作台');
    for (const name of ['通知公告', '新闻', '发起流程'])
      await admin.page.getByRole('button', { name: `移除“${name}”` }).click();
    await admin.page.getByRole('button', { name: label('保存布局') }).click();
    await admin.page.getByText('布局已保存').waitFor();
    await admin.page.screenshot({ path: `${artifacts}home-design.png`, animations: 'disabled' });

    const hr = await as('chenjing');
    await columnsLoaded(hr.page);
    const names = await columnNames(hr.page);
    expect(names).toContain('待办');
    for (const name of ['通知公告', '新闻', '发起流程']) expect(names).not.toContain(name);
  });

  it('on a phone the columns stack in one column; a column previews alone; the switcher opens an app', async () => {
    const { server } = await harness();
    const base = server.url;
    const phone: UserPage = await as('huangmin', PHONE);
    await columnsLoaded(phone.page);
    const boxes = await phone.page
      .locator('main [role="region"]')
      .evaluateAll((nodes) =>
        nodes
          .map((node) => node.getBoundingClientRect())
          .map((box) => ({ x: Math.round(box.x), width: Math.round(box.width) })),
      );
    expect(new Set(boxes.map((box) => box.x)).size).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    await phone.page.screenshot({
      path: `${artifacts}home-phone.png`,
      fullPage: true,
      animations: 'disabled',
    });

    const desktop = await as('huangmin');
    await dropdownPickUntil(
      desktop.page.getByRole('button', { name: /其他门户/ }),
      desktop.page.getByRole('menuitem', { name: '财务系统' }),
      () => desktop.page.url().includes('/appContent?id='),
    );
    await desktop.page.getByRole('heading', { level: 1, name: '财务系统' }).waitFor();
    await region(desktop.page, '工作概览').waitFor();

    await phone.page.goto(`${base}/eipFront/column/preview/notices`);
    await region(phone.page, '通知公告').getByRole('listitem').first().waitFor();
    expect(await phone.page.locator('main [role="region"]').count()).toBe(1);
  });
});
