import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServers, type MailServers } from '../apps/server/test/mail-servers';
import { api, apiSignIn } from './support/api';
import { dropdownPickUntil, seriousViolations } from './support/app';
import { artifacts, label, PHONE, setupUsers } from './support/approval';

const { harness, as } = setupUsers();
let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
}, 30_000);
afterAll(() => servers?.stop());

/** Opens a page of the 邮件 menu, as a user finds it. */
async function openMenu(page: Page, entry: string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const item = menu.getByText(entry, { exact: true });
  if (!(await item.isVisible())) await menu.getByText('邮件', { exact: true }).click();
  await item.click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

const shots = '/tmp/mailweb-shots/';

describe('personal mail (我的邮件, 邮箱设置, 邮件联系人) in Chromium (issue 16)', () => {
  it('a user adds and tests an account, adds a contact, writes to a colleague, who fetches and reads it', async () => {
    const { server } = await harness();
    await mkdir(shots, { recursive: true });
    const [alice, bob] = servers.users;
    const { page } = await as('zhuting');

    // no account yet: the mail page leads to the settings
    await openMenu(page, '我的邮件');
    await page.getByText('还没有邮箱账户').waitFor();
    await page.screenshot({ path: `${shots}mail-empty-desktop.png` });
    await page.getByRole('button', { name: '去邮箱设置' }).click();
    await page.getByRole('heading', { level: 1, name: '邮箱设置' }).waitFor();

    await page.getByRole('button', { name: /添加邮箱/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加邮箱' });
    await dialog.getByLabel('邮件地址').fill(alice.address);
    await dialog.getByLabel('显示名称').fill('朱婷');
    for (const kind of ['imap', 'smtp'] as const) {
      await dialog.locator(`#${kind}Host`).fill(servers.host);
      const tls = dialog.locator(`#${kind}Tls`);
      await dropdownPickUntil(
        tls,
        page.locator('.ant-select-item-option:visible').filter({ hasText: '不加密' }),
        () =>
          dialog
            .locator('.ant-form-item')
            .filter({ has: page.locator(`#${kind}Tls`) })
            .locator('.ant-select-content-has-value')
            .filter({ hasText: '不加密' })
            .isVisible(),
      );
      await dialog
        .locator(`#${kind}Port`)
        .fill(String(kind === 'imap' ? servers.imapPort : servers.smtpPort));
    }
    await dialog.getByLabel('登录账号').fill(alice.address);
    await dialog.getByLabel('密码').fill('wrong-password');
    await dialog.getByRole('button', { name: /测试连接/ }).click();
    await dialog.getByText(/连接失败/).waitFor();
    await dialog.getByLabel('密码').fill(alice.password);
    await dialog.getByRole('button', { name: /测试连接/ }).click();
    await dialog.getByText('连接成功：收信和发信服务器均可登录').waitFor();
    await page.screenshot({ path: `${shots}setting-dialog-desktop.png` });
    await dialog.getByRole('button', { name: label('保存') }).click();
    await page.getByRole('main').getByText(alice.address).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}setting-desktop.png` });

    await openMenu(page, '邮件联系人');
    await page.getByRole('button', { name: /添加联系人/ }).click();
    const contact = page.getByRole('dialog');
    await contact.getByLabel('姓名').fill('张伟（外部邮箱）');
    await contact.getByLabel('邮件地址').fill(bob.address);
    await contact.getByRole('button', { name: label('保存') }).click();
    await page.getByRole('main').getByText(bob.address).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}linkman-desktop.png` });

    // the colleague has his own account (through the API)
    const bobToken = await apiSignIn(server.url, 'zhangwei');
    const saved = await api(server.url, 'POST', '/portal/mail/mail/mailSetting/v1/save', {
      token: bobToken,
      body: {
        mailAddress: bob.address,
        password: bob.password,
        imapHost: servers.host,
        imapPort: servers.imapPort,
        imapTls: 'none',
        smtpHost: servers.host,
        smtpPort: servers.smtpPort,
        smtpTls: 'none',
      },
    });
    expect(saved.envelope.state, saved.envelope.message).toBe(true);

    // write to him: the contact is offered by name
    await openMenu(page, '我的邮件');
    await page.getByRole('button', { name: /收\s*取/ }).click();
    await page.getByRole('navigation', { name: '邮件夹' }).getByText('收件箱').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /写邮件/ }).click();
    const compose = page.getByRole('dialog', { name: '写邮件' });
    await compose.locator('#to').click();
    await page.keyboard.type('张伟');
    await page.locator('.ant-select-item-option:visible').filter({ hasText: bob.address }).click();
    await compose.getByLabel('主题').click();
    await compose.getByLabel('主题').fill('周五例会安排');
    await compose.getByRole('textbox', { name: '正文编辑区' }).click();
    await page.keyboard.type('下午三点，301 会议室。');
    await page.screenshot({ path: `${shots}compose-desktop.png` });
    await compose.getByRole('button', { name: label('发送') }).click();
    await page.getByText('邮件已发送').waitFor();

    // he fetches it in his own browser and reads it
    const other = await as('zhangwei');
    await openMenu(other.page, '我的邮件');
    await other.page.getByRole('button', { name: /收\s*取/ }).click();
    const received = other.page.getByRole('button', { name: /周五例会安排/ });
    await received.waitFor({ timeout: 20_000 });
    await received.click();
    const reader = other.page.getByRole('region', { name: '邮件内容' });
    await reader.getByText(new RegExp(alice.address)).first().waitFor();
    const body = reader.frameLocator('iframe').getByText('下午三点，301 会议室。');
    await body.waitFor();
    expect(await seriousViolations(other.page)).toEqual([]);
    await other.page.screenshot({ path: `${shots}mail-desktop.png` });
    await other.page.screenshot({ path: `${artifacts}mail.png` });

    // a reply is prefilled: to the sender, the subject prefixed, the original quoted
    await reader.getByRole('button', { name: /^.*回\s*复$/ }).click();
    const reply = other.page.getByRole('dialog', { name: '写邮件' });
    await reply.getByTitle(alice.address).waitFor();
    expect(await reply.getByLabel('主题').inputValue()).toBe('Re: 周五例会安排');
    await reply.getByRole('region', { name: '原邮件（发送时附在正文后）' }).waitFor();
    await reply.getByRole('button', { name: label('取消') }).click();
  });

  it('on a phone the folders, the list and a mail show one at a time; the settings and contacts fit', async () => {
    const { server } = await harness();
    const phone = await as('zhangwei', PHONE);
    await phone.page.goto(`${server.url}/eipFront/mail/mailList`);
    const received = phone.page.getByRole('button', { name: /周五例会安排/ });
    await received.waitFor();
    await phone.page.screenshot({ path: `${shots}mail-list-phone.png` });
    await received.click();
    await phone.page.getByRole('button', { name: /返回列表/ }).waitFor();
    await phone.page.screenshot({ path: `${shots}mail-phone.png` });
    await phone.page.getByRole('button', { name: /返回列表/ }).click();
    await phone.page.getByRole('button', { name: '邮件夹' }).click();
    await phone.page.getByRole('navigation', { name: '邮件夹' }).getByText('已发送').waitFor();
    await phone.page.screenshot({ path: `${shots}mail-folders-phone.png` });
    const settings = await as('zhuting', PHONE);
    for (const [path, name] of [
      ['mail/mailSetting', 'setting'],
      ['mail/linkman', 'linkman'],
    ] as const) {
      await settings.page.goto(`${server.url}/eipFront/${path}`);
      await settings.page.getByRole('heading', { level: 1 }).waitFor();
      await settings.page.locator('.ant-table-row').first().waitFor();
      const width = await settings.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(PHONE.width);
      await settings.page.screenshot({ path: `${shots}${name}-phone.png` });
    }
  });
});
