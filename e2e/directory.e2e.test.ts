import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dropdownPickUntil, profileMenu, seriousViolations } from './support/app';
import { launchBrowser } from './support/browser';
import { artifacts, PHONE, setupUsers } from './support/approval';

/** Opens 组织架构 from the menu, as every employee finds it. */
async function openDirectory(page: Page) {
  await page.getByRole('navigation', { name: '主菜单' }).getByText('组织架构').click();
  await page.getByRole('heading', { level: 1, name: '组织架构' }).waitFor();
}

/** A colleague in the list: a button that opens the card. */
const person = (page: Page, name: string) =>
  page.getByRole('main').getByRole('button', { name: new RegExp(`^${name}`) });

// one server and one browser for the file
const { harness, as } = setupUsers();

const card = (page: Page) => page.getByRole('dialog', { name: '名片' });

describe('the company directory (组织架构) in Chromium (issue 11)', () => {
  it('an employee finds a colleague by pinyin initials and opens the card: phone, mail, org path, leader', async () => {
    await harness();
    const { page } = await as('zhuting');
    await openDirectory(page);
    await page.getByLabel('搜索同事').fill('lx');
    await page.getByRole('heading', { name: '“lx”的搜索结果' }).waitFor();
    const found = person(page, '林雪');
    await found.waitFor();
    // keyboard: the person is a button, Enter opens the card
    await found.focus();
    await page.keyboard.press('Enter');
    const dialog = card(page);
    await dialog.getByRole('heading', { name: '林雪' }).waitFor();
    await dialog.getByText('lín xuě').waitFor();
    await dialog.getByText('演示集团总部/研发中心/后端开发部').waitFor();
    // 林雪 heads 后端开发部: her leader is the head of 研发中心
    await dialog.getByText('孙浩（研发中心总监）').waitFor();
    expect(await dialog.getByRole('link', { name: 'linxue@platform.example.com' }).getAttribute('href')).toBe(
      'mailto:linxue@platform.example.com',
    );
    expect(await dialog.getByRole('link', { name: /发消息/ }).getAttribute('href')).toBe(
      'mailto:linxue@platform.example.com',
    );
    // only a secretary may start a request for her leader
    expect(await dialog.getByRole('button', { name: /代 林雪 发起流程/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${artifacts}directory-card.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    // the org tree: open 研发中心 and list its people with the org's posts
    const tree = page.getByRole('navigation', { name: '组织树' });
    await tree.getByText('演示集团总部').waitFor();
    await tree.locator('.ant-tree-switcher').first().click();
    await tree.getByText('研发中心').click();
    await page.getByRole('heading', { name: '研发中心 的人员' }).waitFor();
    await page.getByText('研发中心总监', { exact: true }).waitFor();
    await person(page, '高峰').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${artifacts}directory.png`, animations: 'disabled' });
  });

  it('a secretary starts a request for her leader from his card', async () => {
    const { page } = await as('wangfang');
    await openDirectory(page);
    await page.getByLabel('搜索同事').fill('张伟');
    await person(page, '张伟').click();
    await card(page)
      .getByRole('button', { name: /代 张伟 发起流程/ })
      .click();
    await page.waitForURL(/\/matter\/startProcess\?leadId=/);
    await page.getByText('正在代 张伟 发起流程', { exact: false }).waitFor();
  });

  it('on a phone the tree and the list show one at a time, and the card fills the screen', async () => {
    const { server } = await harness();
    const phone = await as('zhuting', PHONE);
    await phone.page.goto(`${server.url}/eipFront/org/directory`);
    await phone.page.getByRole('heading', { level: 1, name: '组织架构' }).waitFor();
    const fits = () => phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await person(phone.page, '张伟').waitFor();
    expect(await phone.page.getByRole('navigation', { name: '组织树' }).count()).toBe(0);
    expect(await fits()).toBe(true);
    await phone.page.getByRole('button', { name: '选择组织' }).click();
    const tree = phone.page.getByRole('navigation', { name: '组织树' });
    await tree.getByText('演示集团总部').click();
    await phone.page.getByRole('heading', { name: '演示集团总部 的人员' }).waitFor();
    expect(await phone.page.getByRole('navigation', { name: '组织树' }).count()).toBe(0);
    await phone.page.getByLabel('搜索同事').fill('zt');
    await person(phone.page, '朱婷').click();
    await card(phone.page).getByText('这是你自己').waitFor();
    expect(await fits()).toBe(true);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${artifacts}directory-phone.png`, animations: 'disabled' });
  });
});

describe('the tenant’s logos, often-used menus and the version (issue 11, spec §3 tenant info)', () => {
  /** Whether an image has loaded and drawn (an SVG file served without a token). */
  const drawn = (image: Locator) =>
    image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

  it('shows the front logo on the login page, the manage logo in the header and the icon in the tab', async () => {
    const { server } = await harness();
    const browser = await launchBrowser();
    try {
      const { page } = await browser.newPage();
      await page.goto(`${server.url}/eipFront/login`);
      const front = page.locator('main img').first();
      await front.waitFor();
      await expect.poll(() => drawn(front)).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href))
        .toContain('getTenantLogo');
    } finally {
      await browser.close();
    }
    const { page } = await as('zhuting');
    const header = page.locator('.eip-layout img').first();
    await expect.poll(() => drawn(header)).toBe(true);
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href);
    const answer = await page.request.get(icon);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/svg+xml');
  });

  it('counts the menu entries opened and offers the most used in the nav bar; 个人信息 shows the version', async () => {
    const { page } = await as('gaofeng');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('组织架构').click();
    await page.getByRole('heading', { level: 1, name: '组织架构' }).waitFor();
    await menu.getByText('内部消息').click();
    await menu.getByText('组织架构').click();
    const often = page.getByRole('button', { name: '常用功能' });
    await often.click();
    const entries = page.getByRole('menu').last().getByRole('menuitem');
    await expect.poll(() => entries.allTextContents()).toEqual(['组织架构', '内部消息']);
    await page.keyboard.press('Escape');
    await dropdownPickUntil(often, entries.filter({ hasText: '内部消息' }), () =>
      /\/eipFront\/personal\/message$/.test(page.url()),
    );
    await profileMenu(page, '个人信息', page.getByRole('dialog', { name: '个人信息' }).getByText('8.0.7'));
  });
});
