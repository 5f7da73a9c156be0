import { routeUrl } from '@eip/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreachableUrl } from '../../../test/cas-server.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { startOidcProvider, type OidcProvider } from '../../../test/oidc-provider.js';
import { auditLog, ssoHandshakes } from '../../db/schema.js';
import { SSO_STARTS_PER_ADDRESS } from './sso.service.js';

const PORTAL = 'http://portal.test';
const SERVICE = `${PORTAL}/eipFront/index`;
const OTHER_SERVICE = `${PORTAL}/eipFront/other`;
const LOGIN_PAGE = `${PORTAL}/eipFront/login`;

const oauthEnv = (provider: OidcProvider) => ({
  SSO_MODE: 'oauth',
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  PUBLIC_URL: PORTAL,
});

let provider: OidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider([SERVICE, OTHER_SERVICE], [LOGIN_PAGE]);
  t = await createTestApp(oauthEnv(provider));
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** The portal's sso/authorize as the browser meets it: a 302 to the provider. */
async function authorize(app: TestApp, service: string) {
  return app.app.inject({ method: 'GET', url: routeUrl('ssoAuthorize'), query: { service } });
}

/**
 * A browser's round trip: to the provider through the portal, signed in there as `account`, back with a code;
 * `cookie` is what that browser keeps from the portal (the state cookie) and sends with its sign-in call.
 */
async function codeFor(account: string, service = SERVICE, at = provider, app = t) {
  const leave = await authorize(app, service);
  expect(leave.statusCode).toBe(302);
  const setCookie = String(leave.headers['set-cookie']);
  expect(setCookie).toMatch(
    /^eip_sso_state=[^;]+; Path=\/auth\/sso\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/,
  );
  at.signIn(account);
  return { returned: await at.authorize(String(leave.headers.location)), cookie: setCookie.split(';')[0]! };
}

describe('single sign-on by OpenID Connect (issue 14, spec §2, §7 GET sso/auth)', () => {
  it('tells the web app the mode and that sign-in starts at the portal’s sso/authorize', async () => {
    expect((await t.call('getSsoConfig')).body.value).toEqual({
      mode: 'oauth',
      ssoUrl: '/auth/sso/authorize',
      logoutUrl: '/auth/sso/logout',
    });
  });

  it('ends the provider’s session too after sign-out (RP-initiated logout), back to the login page', async () => {
    const out = await t.app.inject({
      method: 'GET',
      url: '/auth/sso/logout',
      query: { service: LOGIN_PAGE },
    });
    expect(out.statusCode).toBe(302);
    const url = new URL(String(out.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: provider.clientId,
      post_logout_redirect_uri: LOGIN_PAGE,
    });
    // the provider accepts it: its confirmation page answers
    expect((await fetch(url)).status).toBe(200);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, coming back to the page', async () => {
    const leave = await authorize(t, `${SERVICE}?tab=todo`);
    expect(leave.statusCode).toBe(302);
    expect(leave.headers['cache-control']).toBe('no-store');
    const url = new URL(String(leave.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: SERVICE,
      code_challenge_method: 'S256',
      scope: 'openid profile email',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const again = new URL(String((await authorize(t, SERVICE)).headers.location));
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('refuses an address that keeps too many sign-ons open; others still start', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: routeUrl('ssoAuthorize'),
        query: { service: SERVICE },
        remoteAddress,
      });
    // as if 203.0.113.9 had started SSO_STARTS_PER_ADDRESS that are still open
    const open = new Date(Date.now() + 600_000);
    await t.database.db.insert(ssoHandshakes).values(
      Array.from({ length: SSO_STARTS_PER_ADDRESS }, (_, i) => ({
        key: `state:flood-${i}`,
        service: SERVICE,
        address: '203.0.113.9',
        expiresAt: open,
      })),
    );
    const refused = await from('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('单点登录请求过于频繁，请稍后再试');
    expect((await from('198.51.100.3')).statusCode).toBe(302);
  });

  it('refuses to start for a page outside the portal', async () => {
    const leave = await authorize(t, 'http://evil.test/eipFront/index');
    expect(leave.statusCode).toBe(400);
    expect(leave.json().message).toBe('单点登录的返回地址不属于本系统');
  });

  it('signs the provider’s preferred_username in with the session and answer of a password sign-in', async () => {
    const { returned, cookie } = await codeFor('zhangwei');
    expect(returned).toMatchObject({
      code: expect.any(String),
      state: expect.any(String),
      iss: provider.issuer,
    });
    const { status, body } = await t.call('ssoAuth', {
      query: { ...returned, service: SERVICE },
      headers: { cookie },
    });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({
      account: 'zhangwei',
      username: '张伟',
      loginStatus: true,
      expiration: 604800,
      userAttrs: { tenantId: '-1', tenantCode: 'platform' },
    });
    const me = await t.call('getDetailByAccountOrId', { token: body.value.token, body: {} });
    expect(me.body.value.user.account).toBe('zhangwei');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ account: 'zhangwei', result: 'success', target: 'sso=oauth' });
  });

  it('refuses a replayed code: each code signs in once', async () => {
    const { returned, cookie } = await codeFor('lina');
    expect(
      (await t.call('ssoAuth', { query: { ...returned, service: SERVICE }, headers: { cookie } })).status,
    ).toBe(200);
    const replay = await t.call('ssoAuth', { query: { ...returned, service: SERVICE }, headers: { cookie } });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      message: '单点登录凭证无效、已使用或已过期，请重新登录',
      value: null,
    });
  });

  it('refuses a code presented for another page than it was issued to', async () => {
    const { returned, cookie } = await codeFor('lina');
    const other = await t.call('ssoAuth', {
      query: { ...returned, service: OTHER_SERVICE },
      headers: { cookie },
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('单点登录凭证无效、已使用或已过期，请重新登录');
  });

  it('refuses a code whose state this portal never issued', async () => {
    const { returned, cookie } = await codeFor('lina');
    const forged = await t.call('ssoAuth', {
      query: { ...returned, state: 'forged', service: SERVICE },
      headers: { cookie },
    });
    expect(forged.status).toBe(400);
    const missing = await t.call('ssoAuth', {
      query: { code: returned.code, service: SERVICE },
      headers: { cookie },
    });
    expect(missing.body.message).toBe('缺少单点登录凭证：state');
  });

  it('refuses a code brought to another browser (a link from someone else’s sign-in): no session there', async () => {
    const { returned, cookie } = await codeFor('lina');
    const victim = await t.call('ssoAuth', { query: { ...returned, service: SERVICE } });
    expect(victim.status).toBe(400);
    expect(victim.body.message).toBe('单点登录凭证无效、已使用或已过期，请重新登录');
    const otherBrowser = await codeFor('zhangwei');
    const swapped = await t.call('ssoAuth', {
      query: { ...returned, service: SERVICE },
      headers: { cookie: otherBrowser.cookie },
    });
    expect(swapped.status).toBe(400);
    // the browser that began it still finishes it
    const own = await t.call('ssoAuth', { query: { ...returned, service: SERVICE }, headers: { cookie } });
    expect(own.status).toBe(200);
  });

  it('spec §4: a provider account unknown to the tenant is refused, nothing signed in', async () => {
    const { returned, cookie } = await codeFor('nobody');
    const { status, body } = await t.call('ssoAuth', {
      query: { ...returned, service: SERVICE },
      headers: { cookie },
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ message: '账号不存在：nobody，请联系管理员', value: null });
  });

  it('spec §4: a disabled account is refused with its message', async () => {
    const { returned, cookie } = await codeFor('dongjie');
    const { status, body } = await t.call('ssoAuth', {
      query: { ...returned, service: SERVICE },
      headers: { cookie },
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ message: '账号已被禁用，请联系管理员', value: null });
  });
});

describe('single sign-on by OpenID Connect: an unreachable provider', () => {
  it('answers a clear error when the provider cannot be reached to start', async () => {
    const app = await createTestApp({
      ...oauthEnv(provider),
      OIDC_ISSUER: await unreachableUrl(),
    });
    try {
      const leave = await authorize(app, SERVICE);
      expect(leave.statusCode).toBe(502);
      expect(leave.json().message).toBe('单点登录服务器无法访问，请稍后重试');
    } finally {
      await app.close();
    }
  });

  it('answers a clear error and signs no one in when the provider goes away before the code is redeemed', async () => {
    const leaving = await startOidcProvider([SERVICE]);
    const app = await createTestApp(oauthEnv(leaving));
    try {
      const { returned, cookie } = await codeFor('zhangwei', SERVICE, leaving, app);
      await leaving.close();
      const { status, body } = await app.call('ssoAuth', {
        query: { ...returned, service: SERVICE },
        headers: { cookie },
      });
      expect(status).toBe(502);
      expect(body).toMatchObject({
        state: false,
        message: '单点登录服务器无法访问，请稍后重试',
        value: null,
      });
    } finally {
      await app.close();
      await leaving.close();
    }
  });
});
