import { afterAll, describe, expect, it } from 'vitest';
import { startCasServer, type CasServer } from '../apps/server/test/cas-server';
import { startOidcProvider } from '../apps/server/test/oidc-provider';
import { profileMenu, TOKEN_KEY } from './support/app';
import { launchBrowser, type TestBrowser } from './support/browser';
import { freePort, startServer } from './support/server';

const GREETINGS = /^(早上好|上午好|中午好|下午好|晚上好)，/;

/**
 * Issue 14: single sign-on round trips in Chromium, against real protocol servers run by the test — an OpenID
 * Connect provider (oidc-provider) and the CAS 3.0 server of the test support. A signed-out visitor of the
 * portal is sent to the provider, signed in there, and comes back to the page signed in to the portal.
 */
describe('single sign-on in Chromium (issue 14)', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  /** A portal on a port chosen first (the provider must know where it sends the browser back to). */
  async function startPortal(port: number, env: Record<string, string>) {
    const server = await startServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } });
    stops.push(server.stop);
    return server;
  }
  async function browser(): Promise<TestBrowser> {
    const launched = await launchBrowser();
    stops.push(launched.close);
    return launched;
  }

  it('OpenID Connect: a visit signs in at the provider and lands on the page with its query; sign-out ends the provider’s session', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const provider = await startOidcProvider([`${url}/eipFront/index`], [`${url}/eipFront/login`]);
    stops.push(provider.close);
    provider.signIn('zhuting');
    const server = await startPortal(port, {
      SSO_MODE: 'oauth',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    const { page, errors } = await (await browser()).newPage();

    // a deep link with its own query: the provider comes back to the page without it, the portal restores it
    await page.goto(`${server.url}/eipFront/index?from=mail`);
    const greeting = page.getByRole('heading', { level: 1, name: GREETINGS });
    await greeting.waitFor({ timeout: 20_000 });
    expect(await greeting.textContent()).toContain('朱婷');
    // back on the page itself, the code and state gone from the address, its own query kept
    await page.waitForURL(`${server.url}/eipFront/index?from=mail`);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeTruthy();

    const dialog = page.getByRole('dialog');
    await profileMenu(page, '退出登录', dialog);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    // RP-initiated logout: the provider's end-session page asks to confirm
    await page.waitForURL((address) => address.href.startsWith(provider.issuer), { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it('CAS 3.0: a visit takes a ticket at the CAS server and lands on the page signed in', async () => {
    const cas: CasServer = await startCasServer();
    stops.push(cas.close);
    cas.signIn('hujun');
    const server = await startPortal(await freePort(), { SSO_MODE: 'cas', CAS_URL: cas.url });
    const { page, errors } = await (await browser()).newPage();

    await page.goto(`${server.url}/eipFront/index`);
    const greeting = page.getByRole('heading', { level: 1, name: GREETINGS });
    await greeting.waitFor({ timeout: 20_000 });
    expect(await greeting.textContent()).toContain('胡军');
    expect(page.url()).toBe(`${server.url}/eipFront/index`);
    expect(errors).toEqual([]);
  });
});
