import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api';
import { profileMenu, signIn, THEME_KEY, TOKEN_KEY } from './support/app';
import { setupHarness } from './support/harness';
import { demoPassword } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const GREETINGS = /(早上好|上午好|中午好|下午好|晚上好)，/;

async function home(page: Page, baseUrl: string, account: string, password = demoPassword) {
  await signIn(page, baseUrl, account, password);
  await page.waitForURL(`${baseUrl}/eipFront/index`);
  await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
}

const tabLabels = (page: Page) => page.locator('.eip-tab-bar [data-tab-path]').allTextContents();

/**
 * Opens a tab's context menu and answers its item. Every tab's menu stays in the page once opened, and one
 * fading out after the last pick is still visible and takes clicks without acting: the menu opens once no
 * other is shown, and only the shown one is searched.
 */
async function tabMenuItem(page: Page, tabPath: string, item: string) {
  const shown = '.ant-dropdown:not(.ant-dropdown-hidden)';
  await page.waitForFunction((selector) => !document.querySelector(selector), shown);
  await page.locator(`[data-tab-path="${tabPath}"]`).click({ button: 'right' });
  const entry = page.locator(shown).getByRole('menuitem', { name: item });
  await entry.waitFor();
  return entry;
}

/** Picks an item of a tab's context menu until `done` holds (a click while the menu zooms in may miss). */
async function pickFromTabMenu(page: Page, tabPath: string, item: string, done: () => Promise<boolean>) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await (await tabMenuItem(page, tabPath, item)).click({ timeout: 5_000 }).catch(() => undefined);
    for (let wait = 0; wait < 10; wait += 1) {
      if (await done()) return;
      await page.waitForTimeout(300);
    }
    await page.keyboard.press('Escape');
  }
  throw new Error(`${item} of the tab ${tabPath} did nothing`);
}

const tabsAre = (page: Page, labels: string[]) => async () =>
  JSON.stringify(await tabLabels(page)) === JSON.stringify(labels);

describe('portal shell in Chromium (spec §2 layout, tabs, themes, languages)', () => {
  const harness = setupHarness();
  beforeAll(() => mkdir(artifacts, { recursive: true }));

  it('builds routes from the server menu: menu → page → tabs, and the tab context menu', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await home(page, server.url, 'admin');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    // the company directory is a menu entry of its own, for the administrator too
    await menu.getByText('组织架构').waitFor();

    await menu.getByText('审批中心').click();
    await menu.getByText('待办事项').click();
    await page.waitForURL(`${server.url}/eipFront/matter/myTask`);
    await page.getByRole('heading', { name: /待办事项/ }).waitFor();
    expect(await page.title()).toBe('待办事项 - EIP 门户');
    await menu.getByText('我的请求').click();
    await page.waitForURL(`${server.url}/eipFront/matter/myRequest`);
    await page.getByRole('heading', { name: /我的请求/ }).waitFor();
    await menu.getByText('邮件', { exact: true }).click();
    await menu.getByText('我的邮件').click();
    await page.waitForURL(`${server.url}/eipFront/mail/mailList`);
    await page.getByRole('heading', { name: /我的邮件/ }).waitFor();
    // a data template of the 数据模板 menu (component TemplateLayout)
    await menu.getByText('数据模板').click();
    await menu.getByText('合同台账').click();
    await page.waitForURL(`${server.url}/eipFront/template/contractData`);
    await page.getByRole('heading', { name: /合同台账/ }).waitFor();
    await expect
      .poll(() => tabLabels(page))
      .toEqual(['首页', '待办事项', '我的请求', '我的邮件', '合同台账']);
    await page.screenshot({ path: `${artifacts}layout-vertical.png`, animations: 'disabled' });

    // the pinned home tab has no close button; the first tab cannot close to the left
    const closeLeft = await tabMenuItem(page, '/index', '关闭左侧');
    expect(await closeLeft.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    const closeRight = await tabMenuItem(page, '/template/contractData', '关闭右侧');
    expect(await closeRight.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await pickFromTabMenu(page, '/template/contractData', '关闭左侧', tabsAre(page, ['首页', '合同台账']));
    await pickFromTabMenu(page, '/template/contractData', '关闭所有', tabsAre(page, ['首页']));
    await page.waitForURL(`${server.url}/eipFront/index`);

    // unknown paths go to the landing page
    await page.goto(`${server.url}/eipFront/no/such/page`);
    await page.waitForURL(`${server.url}/eipFront/index`);
    expect(errors).toEqual([]);
  });

  it('an ordinary employee gets the company directory (组织架构) too', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    await home(page, server.url, 'zhuting');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('组织架构').waitFor();
    expect(await menu.getByText('系统管理').count()).toBe(0);
  });

  it('spec §6: 领导待办 is shown to a leader’s secretary only', async () => {
    const { server, browser } = await harness();
    for (const [account, shown] of [
      ['wangfang', 1],
      ['zhuting', 0],
    ] as const) {
      const { page } = await browser.newPage();
      await home(page, server.url, account);
      const menu = page.getByRole('navigation', { name: '主菜单' });
      await menu.getByText('审批中心').click();
      await menu.getByText('待办事项').waitFor();
      expect(await menu.getByText('领导待办').count(), account).toBe(shown);
      await page.close();
    }
  });

  it('keeps a theme change after a reload, and lays out horizontally and dark', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await home(page, server.url, 'admin');
    await page.getByRole('button', { name: '主题配置' }).click();
    const drawer = page.getByRole('dialog', { name: '主题配置' });
    await drawer.waitFor();
    expect(
      (await drawer.locator('..').boundingBox())?.width ?? (await drawer.boundingBox())?.width,
    ).toBeGreaterThan(0);
    await drawer.getByText('横向布局').click();
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByText('审批中心').waitFor();
    expect(await page.locator('.eip-layout-horizontal').count()).toBe(1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    expect(await page.locator('.eip-layout-horizontal').count()).toBe(1);
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)) ?? '{}');
    expect(stored).toMatchObject({ layout: 'horizontal', themeColor: '#722ED1' });
    const primary = await page
      .getByRole('button', { name: '获取最新门户' })
      .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--eip-primary'));
    expect(primary.trim()).toBe('#722ED1');
    await page.screenshot({ path: `${artifacts}layout-horizontal.png`, animations: 'disabled' });

    await page.getByRole('button', { name: '主题配置' }).click();
    await page.getByRole('dialog', { name: '主题配置' }).getByText('暗黑').click();
    await page.getByRole('dialog', { name: '主题配置' }).getByText('纵向布局').click();
    await page
      .getByRole('dialog', { name: '主题配置' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('eip-theme-dark'))).toBe(true);
    await page.screenshot({ path: `${artifacts}layout-dark.png`, animations: 'disabled' });

    // old stored values: tabsBar as the string "false"
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({ name: 'default', layout: 'vertical', header: 'fixed', tabsBar: 'false' }),
        ),
      THEME_KEY,
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    expect(await page.locator('.eip-tab-bar').count()).toBe(0);
    await page.evaluate((key) => localStorage.removeItem(key), THEME_KEY);
    expect(errors).toEqual([]);
  });

  it('switches the language (切换成功) and keeps it after a reload', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await home(page, server.url, 'zhuting');
    // every page of this file shares the browser's storage: a failure here must not leave the others in English
    try {
      // the toast is watched for from before the click: it stays 1800 ms (spec §9)
      const switched = page
        .getByText('切换成功')
        .or(page.getByText('Switched'))
        .first()
        .waitFor({ timeout: 60_000 })
        .then(() => true);
      await profileMenu(
        page,
        'English',
        page.getByRole('heading', { level: 1, name: /^Good .+, 朱婷/ }),
        '切换语言',
      );
      expect(await switched).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Good .+, 朱婷/ }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
      await profileMenu(page, '繁體中文', page.getByRole('button', { name: '取得最新門戶' }), 'Language');
      await profileMenu(page, '简体中文', page.getByRole('button', { name: '获取最新门户' }), '切換語言');
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    }
  });

  it('a 375 px phone gets the vertical layout with the side bar folded', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    await home(page, server.url, 'zhuting');
    expect(await page.locator('.eip-layout-vertical.eip-mobile').count()).toBe(1);
    const sider = page.locator('.ant-layout-sider');
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
    await page.screenshot({ path: `${artifacts}layout-mobile.png`, animations: 'disabled' });
    // spec §9: the side bar folds 2 s after the layout shows; open it after that
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await page.screenshot({ path: `${artifacts}layout-mobile-menu.png`, animations: 'disabled' });
    await page.getByRole('navigation', { name: '主菜单' }).getByText('内部消息').click();
    await page.waitForURL(`${server.url}/eipFront/personal/message`);
    await expect.poll(async () => (await sider.boundingBox())?.width ?? 0).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the error pages', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    for (const [code, text] of [
      [404, '抱歉，您访问的页面不存在'],
      [401, '抱歉，您没有登录或登录已失效'],
      [500, '抱歉，服务器出错了或验证失败'],
    ] as const) {
      await page.goto(`${server.url}/eipFront/${code}`);
      await page.getByText(text).waitFor();
      await page.getByRole('heading', { name: String(code) }).waitFor();
    }
    await home(page, server.url, 'zhuting');
    await page.goto(`${server.url}/eipFront/403`);
    await page.getByText('抱歉，您无权访问此页面').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${server.url}/eipFront/index`);
  });

  it('a token in the address signs in and leaves the address; a bad one goes to /500', async () => {
    const { server, browser } = await harness();
    const { page: first } = await browser.newPage();
    await home(first, server.url, 'zhuting');
    const token = await first.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/eipFront/mail/mailList?token=${token}&fullscreen=true`);
    await page.waitForURL(`${server.url}/eipFront/mail/mailList`);
    await page.getByRole('heading', { name: /我的邮件/ }).waitFor();
    expect(await page.locator('.eip-layout-empty').count()).toBe(1);
    const { page: bad } = await browser.newPage();
    await bad.goto(`${server.url}/eipFront/index?token=not-a-token`);
    await bad.waitForURL(`${server.url}/eipFront/500`);
  });

  it('spec §2: reloads when another tab clears the token by signing out', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    await home(page, server.url, 'zhuting');
    const mark = (value: string) =>
      page.evaluate((v) => ((window as unknown as { marker?: string }).marker = v), value);
    const marker = () => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'reloaded');

    // Another tab signing in reloads this one too: let that reload happen before watching for the sign-out.
    await mark('before the other sign-in');
    const { page: other } = await browser.newPage();
    await home(other, server.url, 'luobin');
    await expect.poll(marker).toBe('reloaded');
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    await mark('signed in here');
    await page.waitForTimeout(1000);
    expect(await marker()).toBe('signed in here');

    const confirmSignOut = other.getByRole('dialog').getByRole('button', { name: /确\s*定/ });
    await profileMenu(other, '退出登录', confirmSignOut);
    await confirmSignOut.click();
    await other.waitForURL(`${server.url}/eipFront/login`);
    expect(await other.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await expect.poll(marker).toBe('reloaded');
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
  });

  it('spec §2: a short link sends a signed-out visitor to /login; a guest link opens its page full screen', async () => {
    const { server, browser } = await harness();
    const token = await apiSignIn(server.url, 'zhuting');
    const shorten = async (url: string, guest: boolean) =>
      (
        await api<{ shortUrl: string; path: string }>(
          server.url,
          'POST',
          '/portal/shorturlManage/getShortUrlByLong',
          { token, body: { url, guest } },
        )
      ).envelope.value;

    const ordinary = await shorten('/mail/mailList', false);
    const { page: visitor, errors } = await browser.newPage();
    await visitor.goto(`${server.url}${ordinary.path}`);
    await visitor.waitForURL(`${server.url}/eipFront/login?redirect=%2Fmail%2FmailList`);
    await visitor.getByLabel('账号', { exact: true }).waitFor();
    await visitor.goto(`${server.url}/eipFront/surl/NoSuchCode`);
    await visitor.waitForURL(`${server.url}/eipFront/login`);

    const shared = await shorten('/onlineMenu/report?doc=7', true);
    const { page: guest } = await browser.newPage();
    await guest.goto(`${server.url}${shared.path}`);
    await guest.waitForURL(`${server.url}/eipFront/onlineMenu/report?doc=7`);
    await guest.getByRole('heading', { name: '「在线菜单」即将上线' }).waitFor();
    expect(await guest.locator('.eip-layout-empty').count()).toBe(1);
    expect(await guest.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    expect(await guest.evaluate(() => sessionStorage.getItem('eip-front-guest'))).toBe(
      '/onlineMenu/report?doc=7',
    );
    await guest.screenshot({ path: `${artifacts}guest-link.png`, animations: 'disabled' });
    // the guest token is good for that page only
    await guest.goto(`${server.url}/eipFront/index`);
    await guest.waitForURL(`${server.url}/eipFront/login`);

    // 分享 (issue 17): a request shared for guests opens read-only, without the approval buttons
    const started = await api<{ instId: string }>(server.url, 'POST', '/bpm-runtime/instance/v1/start', {
      token,
      body: { flowKey: 'leave_request', data: { days: 2, reason: '分享给访客' } },
    });
    const request = await shorten(
      `/matter/approvalForm?instId=${started.envelope.value.instId}&isReadonly=true`,
      true,
    );
    const { page: reader, errors: readerErrors } = await browser.newPage();
    await reader.goto(`${server.url}${request.path}`);
    await reader.getByRole('heading', { level: 1, name: /请假申请/ }).waitFor();
    await reader.getByText('分享给访客').waitFor();
    expect(await reader.getByRole('toolbar').count()).toBe(0);
    expect(await reader.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    await reader.screenshot({ path: `${artifacts}shared-request.png`, animations: 'disabled' });
    // no call of the page signed the guest out (a user-only call would answer 402 and end the session)
    await reader.waitForLoadState('networkidle');
    expect(reader.url()).toContain('/eipFront/matter/approvalForm?instId=');
    expect([...errors, ...readerErrors]).toEqual([]);
  });

  it('spec §1: an old Internet Explorer gets a warning box that cannot be closed', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    await page.addInitScript(() =>
      Object.defineProperty(document, 'documentMode', { value: 11, configurable: true }),
    );
    await page.goto(`${server.url}/eipFront/login`);
    const warning = page.getByRole('alertdialog');
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      '温馨提示：您的浏览器版本过低，本系统不支持 Internet Explorer，请使用 Chrome、Edge 或 Firefox 浏览器访问。',
    );
    expect(await warning.getByRole('button').count()).toBe(0);
    await page.keyboard.press('Escape');
    await warning.click();
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
    const onTop = await page.evaluate(
      () => document.elementFromPoint(640, 700)?.closest('#eip-old-ie') !== null,
    );
    expect(onTop).toBe(true);
    await page.screenshot({ path: `${artifacts}old-ie.png`, animations: 'disabled' });
  });

  it('spec §8: the production build puts uncaught errors in the error log (系统错误列表)', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    await home(page, server.url, 'zhuting');
    const errorLog = page.getByRole('button', { name: '错误日志' });
    expect(await errorLog.count()).toBe(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('未捕获的测试错误');
      });
      void Promise.reject(new Error('未处理的测试拒绝'));
    });
    await errorLog.click();
    const dialog = page.getByRole('dialog', { name: '系统错误列表' });
    const thrown = dialog.getByRole('row', { name: /未捕获的测试错误/ });
    await thrown.waitFor();
    expect(await thrown.getByRole('cell').first().textContent()).toBe('/eipFront/index');
    await dialog.getByRole('row', { name: /未处理的测试拒绝/ }).waitFor();
    expect(await thrown.getByRole('link', { name: 'Baidu' }).getAttribute('href')).toBe(
      `https://www.baidu.com/s?wd=${encodeURIComponent('未捕获的测试错误')}`,
    );
    await page.screenshot({ path: `${artifacts}error-log.png`, animations: 'disabled' });
  });
});
