import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, encryptPassword } from './support/api';
import { profileMenu, seriousViolations, signIn, TOKEN_KEY } from './support/app';
import { setupHarness } from './support/harness';
import { demoPassword } from './support/server';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
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

    await signIn(page, server.url, 'admin');
    await page.waitForURL(`${server.url}/eipFront/index`);

    const token = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();
    const detail = await api<{ user: { fullname: string } }>(
      server.url,
      'POST',
      '/uc/user/getDetailByAccountOrId',
      { token: token ?? undefined, body: {} },
    );
    const fullname = detail.envelope.value.user.fullname;
    const greeting = page.getByRole('heading', { level: 1, name: GREETINGS });
    await greeting.waitFor();
    expect(await greeting.textContent()).toContain(fullname);
    expect(await page.title()).toBe('首页 - EIP 门户');
    await page.screenshot({ path: `${artifacts}home.png`, animations: 'disabled' });

    const dialog = page.getByRole('dialog');
    await profileMenu(page, '退出登录', dialog);
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
    await signIn(page, server.url, 'admin', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const shown = (await alert.textContent())?.trim();

    const publicKey = await api<string>(server.url, 'GET', '/auth/base/tools/v1/getPublicKey');
    const direct = await api(server.url, 'POST', '/auth/auth?tenantId=-1', {
      body: { username: 'admin', password: encryptPassword(publicKey.envelope.value, 'not-the-password') },
    });
    expect(direct.envelope.state).toBe(false);
    expect(shown).toBe(direct.envelope.message);

    expect(page.url()).toBe(loginUrl);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('signs in to another tenant on /login/{tenant}', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    const acme = await api<{ name: string }>(
      server.url,
      'GET',
      '/uc/uc/tenantManage/v1/getTenantByCode?code=acme',
    );
    await page.goto(`${server.url}/eipFront/login/acme`);
    await page.getByRole('heading', { level: 1, name: acme.envelope.value.name }).waitFor();
    await signIn(page, server.url, 'alice', demoPassword, '/login/acme');
    await page.waitForURL(`${server.url}/eipFront/index`);
    await page.getByRole('heading', { level: 1, name: /艾丽斯/ }).waitFor();
    const user = await page.evaluate(() => JSON.parse(sessionStorage.getItem('eip-front-user') ?? '{}'));
    expect(user).toMatchObject({ account: 'alice', tenantCode: 'acme' });
    expect(errors).toEqual([]);
  });

  it('sends a visitor of a deep page to /login with redirect and back there after sign-in', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await page.goto(`${server.url}/eipFront/mail/mailList`);
    await page.waitForURL(`${server.url}/eipFront/login?redirect=%2Fmail%2FmailList`);
    await page.getByLabel('账号', { exact: true }).fill('zhuting');
    await page.getByLabel('密码', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(`${server.url}/eipFront/mail/mailList`);
    await page.getByRole('heading', { name: /我的邮件/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('asks a user whose password must change for a new one first, then signs them in (newbie)', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await signIn(page, server.url, 'newbie');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill('Newbie#2027');
    await dialog.getByLabel('确认新密码').fill('Newbie#2027');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(`${server.url}/eipFront/index`);
    await page.getByRole('heading', { level: 1, name: /新同事/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('issue 15: the sign-in form is usable before any call is answered; after sign-in the shell and home show at once', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    // every API call waits until the form has been filled in: the form must not wait for one
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(auth|uc)\//, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`${server.url}/eipFront/login`);
    const password = page.getByLabel('密码', { exact: true });
    await password.waitFor();
    expect(await password.isEnabled()).toBe(true);
    await page.getByLabel('账号', { exact: true }).fill('zhuting');
    await password.fill(demoPassword);
    const submit = page.getByRole('button', { name: /登\s*录/ });
    expect(await submit.isEnabled()).toBe(true);
    // from here on, any loading state the page shows is noted: the first page after sign-in has none
    await page.evaluate(() => {
      const seen: string[] = ((window as { loadingSeen?: string[] }).loadingSeen = []);
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')) seen.push(location.pathname);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await submit.click();
    release();
    await page.waitForURL(`${server.url}/eipFront/index`);
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    await page.getByRole('navigation').first().waitFor();
    expect(await page.evaluate(() => (window as { loadingSeen?: string[] }).loadingSeen)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('issue 15: a second load of the login page in the same browser fetches no JavaScript from the network', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    const loginUrl = `${server.url}/eipFront/login`;
    await page.goto(loginUrl);
    await page.getByLabel('密码', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');

    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    const fromCache = new Set<string>();
    const scripts: { requestId: string; url: string; status: number; fromDiskCache?: boolean }[] = [];
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scripts.push({ requestId, ...response });
    });
    await page.goto(loginUrl);
    await page.getByLabel('密码', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const fromNetwork = scripts.filter((s) => !fromCache.has(s.requestId) && !s.fromDiskCache);
    expect(fromNetwork.map((s) => `${s.status} ${s.url}`)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('axe finds no serious or critical violation on the login and home pages', async () => {
    const { server, browser } = await harness();
    const { page } = await browser.newPage();
    await page.goto(`${server.url}/eipFront/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, server.url, 'zhuting');
    await page.getByRole('heading', { level: 1, name: GREETINGS }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
