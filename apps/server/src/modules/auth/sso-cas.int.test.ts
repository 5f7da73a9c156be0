import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCasServer, unreachableUrl, type CasServer } from '../../../test/cas-server.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { auditLog } from '../../db/schema.js';

const PORTAL = 'http://portal.test';
const SERVICE = `${PORTAL}/eipFront/index?tab=todo`;

let cas: CasServer;
let t: TestApp;
beforeAll(async () => {
  cas = await startCasServer();
  t = await createTestApp({ SSO_MODE: 'cas', CAS_URL: cas.url, PUBLIC_URL: PORTAL });
});
afterAll(async () => {
  await t.close();
  await cas.close();
});

const lastSignIn = async (app: TestApp) =>
  (
    await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.login'))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** A browser's round trip: signed in at the CAS server as `user`, back to the portal with a ticket. */
async function ticketAs(user: string, service = SERVICE) {
  cas.signIn(user);
  return cas.ticketFor(service);
}

describe('single sign-on by CAS 3.0 (issue 14, spec §2, §7 GET sso/auth)', () => {
  it('tells the web app the mode and where CAS sign-in starts', async () => {
    const { status, body } = await t.call('getSsoConfig');
    expect(status).toBe(200);
    expect(body.value).toEqual({ mode: 'cas', ssoUrl: `${cas.url}/login`, logoutUrl: '/auth/sso/logout' });
  });

  it('ends the CAS session too after sign-out (CAS 3.0 /logout), then back to the portal', async () => {
    const back = `${PORTAL}/eipFront/login`;
    const out = await t.app.inject({ method: 'GET', url: '/auth/sso/logout', query: { service: back } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`${cas.url}/logout?service=${encodeURIComponent(back)}`);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/auth/sso/logout',
      query: { service: 'http://evil.test/' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('signs the CAS user in with the session and answer of a password sign-in, recorded as a sign-in', async () => {
    const ticket = await ticketAs('zhangwei');
    const { status, body } = await t.call('ssoAuth', { query: { ticket, service: SERVICE } });
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
    expect(await lastSignIn(t)).toMatchObject({
      account: 'zhangwei',
      result: 'success',
      target: 'sso=cas',
      tenantId: '-1',
    });
    expect((await t.call('signout', { token: body.value.token })).status).toBe(200);
    expect((await t.call('getDetailByAccountOrId', { token: body.value.token, body: {} })).body.code).toBe(
      402,
    );
  });

  it('refuses a replayed ticket: each ticket signs in once', async () => {
    const ticket = await ticketAs('lina');
    expect((await t.call('ssoAuth', { query: { ticket, service: SERVICE } })).status).toBe(200);
    const replay = await t.call('ssoAuth', { query: { ticket, service: SERVICE } });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({
      state: false,
      message: '单点登录凭证无效、已使用或已过期，请重新登录',
    });
    expect(replay.body.value).toBeNull();
  });

  it('refuses a ticket presented for another service than it was issued to', async () => {
    const ticket = await ticketAs('lina');
    const other = await t.call('ssoAuth', { query: { ticket, service: `${PORTAL}/eipFront/other` } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('单点登录凭证无效、已使用或已过期，请重新登录');
  });

  it('refuses a service outside the portal (PUBLIC_URL) before asking CAS', async () => {
    const ticket = await ticketAs('lina', 'http://evil.test/steal');
    const { status, body } = await t.call('ssoAuth', {
      query: { ticket, service: 'http://evil.test/steal' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('单点登录的返回地址不属于本系统');
  });

  it('asks for the ticket when it is missing', async () => {
    const { status, body } = await t.call('ssoAuth', { query: { service: SERVICE }, lang: 'en-US' });
    expect(status).toBe(400);
    expect(body.message).toBe('The single sign-on credential is missing: ticket');
  });

  it('spec §4: a CAS user without an account of the tenant is refused, nothing signed in', async () => {
    const ticket = await ticketAs('nobody');
    const { status, body } = await t.call('ssoAuth', { query: { ticket, service: SERVICE } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ state: false, message: '账号不存在：nobody，请联系管理员', value: null });
    expect(await lastSignIn(t)).toMatchObject({ account: 'nobody', result: 'failure:403' });
  });

  it.each([
    ['dongjie', '账号已被禁用，请联系管理员'],
    ['caiwen', '账号已离职，无法登录'],
  ])('spec §4: the inactive account %s is refused with its status message', async (account, message) => {
    const ticket = await ticketAs(account);
    const { status, body } = await t.call('ssoAuth', { query: { ticket, service: SERVICE } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ state: false, message, value: null });
  });

  it('keeps password sign-in for administrators only while single sign-on is on', async () => {
    const staff = await t.call('login', {
      body: { username: 'zhangwei', password: await t.encrypt('Demo@2026') },
    });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('已开启单点登录，只有管理员可以用密码登录');
    const admin = await t.call('login', {
      body: { username: 'admin', password: await t.encrypt('Demo@2026') },
    });
    expect(admin.status).toBe(200);
    expect(admin.body.value.token).toBeTruthy();
  });
});

describe('single sign-on by CAS: settings and failures', () => {
  it('matches the account by the attribute SSO_ACCOUNT_CLAIM names', async () => {
    const app = await createTestApp({
      SSO_MODE: 'cas',
      CAS_URL: cas.url,
      PUBLIC_URL: PORTAL,
      SSO_ACCOUNT_CLAIM: 'uid',
    });
    try {
      cas.signIn('CN=Wang Lina,OU=Staff', { uid: 'lina', mail: 'lina@example.com' });
      const ticket = await cas.ticketFor(SERVICE);
      const { status, body } = await app.call('ssoAuth', { query: { ticket, service: SERVICE } });
      expect(status).toBe(200);
      expect(body.value.account).toBe('lina');
    } finally {
      await app.close();
    }
  });

  it('answers a clear error when the CAS server cannot be reached, and signs no one in', async () => {
    const app = await createTestApp({ SSO_MODE: 'cas', CAS_URL: await unreachableUrl(), PUBLIC_URL: PORTAL });
    try {
      const { status, body } = await app.call('ssoAuth', { query: { ticket: 'ST-1', service: SERVICE } });
      expect(status).toBe(502);
      expect(body).toMatchObject({
        state: false,
        message: '单点登录服务器无法访问，请稍后重试',
        value: null,
      });
      expect(await lastSignIn(app)).toMatchObject({ result: 'failure:502', userId: null });
    } finally {
      await app.close();
    }
  });

  it('without SSO_MODE: password only, sso/auth answers 404 and the web app is told so', async () => {
    const app = await createTestApp();
    try {
      expect((await app.call('getSsoConfig')).body.value).toEqual({
        mode: 'password',
        ssoUrl: null,
        logoutUrl: null,
      });
      const { status, body } = await app.call('ssoAuth', { query: { ticket: 'ST-1', service: SERVICE } });
      expect(status).toBe(404);
      expect(body.message).toBe('未开启单点登录');
      expect(
        (
          await app.call('login', {
            body: { username: 'zhangwei', password: await app.encrypt('Demo@2026') },
          })
        ).status,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});
