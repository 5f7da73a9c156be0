import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, encryptPassword } from './support/api';
import { setupHarness } from './support/harness';
import { demoPassword } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const TOKEN_KEY = 'eip-front';
const GREETINGS = /^(早上好|上午好|中午好|下午好|晚上好)，/;

describe('sign-in in Chromium against a fresh server', () => {
  const harness = setupHarness();

  beforeAll(() => mkdir(artifacts, { recursive: true }));

  it('signs admin in, greets them by full name on /index, and signs out after confirming', async () => {
    const { server, browser } = await harness();
    const loginUrl = `${server.url}/eipFront/login`;
    const { page, errors } = await browser.newPage();
    const tenant = await api<{ name: string }>(
      server.url,
      'GET',
      '/uc/uc/tenantManage/v1/getTenantByCode?code=platform',
    );

    await page.goto(loginUrl);
    const title = page.getByRole('heading', { level: 1, name: tenant.envelope.value.name });
    await title.waitFor();
    await page.screenshot({ path: `${artifacts}login.png`, animations: 'disabled' });

    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(demoPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${server.url}/eipFront/index`);

    const token = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();
    const detail = await api<{ user: { fullname: string } }>(
      server.url,
      'POST',
      '/uc/user/getDetailByAccountOrId',
      {
        token: token ?? undefined,
        body: {},
      },
    );
    const fullname = detail.envelope.value.user.fullname;
    const greeting = page.getByRole('heading', { level: 1, name: GREETINGS });
    await greeting.waitFor();
    expect(await greeting.textContent()).toMatch(GREETINGS);
    expect(await greeting.textContent()).toContain(fullname);
    await page.screenshot({ path: `${artifacts}home.png`, animations: 'disabled' });

    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('温馨提示');
    expect(await dialog.textContent()).toMatch(/您确定要退出.+吗\?/);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(loginUrl);
    await title.waitFor();

    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    const afterSignOut = await api(server.url, 'POST', '/uc/user/getDetailByAccountOrId', {
      token: token ?? undefined,
      body: {},
    });
    expect(afterSignOut.envelope.state).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows the server’s message for a wrong password and stays on the login page', async () => {
    const { server, browser } = await harness();
    const loginUrl = `${server.url}/eipFront/login`;
    const { page, errors } = await browser.newPage();
    await page.goto(loginUrl);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('not-the-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const shown = (await alert.textContent())?.trim();

    const publicKey = await api<string>(server.url, 'GET', '/auth/base/tools/v1/getPublicKey');
    const direct = await api(server.url, 'POST', '/auth/auth?tenantId=-1', {
      body: { username: 'admin', password: encryptPassword(publicKey.envelope.value, 'not-the-password') },
    });
    expect(direct.envelope.state).toBe(false);
    expect(direct.envelope.message).toBeTruthy();
    expect(shown).toBe(direct.envelope.message);

    expect(page.url()).toBe(loginUrl);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(errors).toEqual([]);
  });
});
