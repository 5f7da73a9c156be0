import { routes, type RouteName } from '@eip/contracts';
import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { auditLog, shortUrls, tenants } from '../../db/schema.js';
import { registerErrorHandling } from '../../http/envelope.js';
import { registerRoute, routeGate } from '../../http/register.js';
import { deriveKey, loadMasterSecret } from '../../security/secret.js';
import { createTokenService, type TokenService } from '../../security/tokens.js';
import { auditChain } from '../audit/audit-chain.js';

let t: TestApp;
let token: string;
let acmeToken: string;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acmeToken = await t.login('alice', undefined, acmeId);
});
afterAll(() => t.close());

const shorten = (url: string, options: { guest?: boolean; as?: string } = {}) =>
  t.call('getShortUrlByLong', {
    token: options.as ?? token,
    body: { url, ...(options.guest === undefined ? {} : { guest: options.guest }) },
  });
const resolve = (shortUrl: string, lang?: string) =>
  t.call('getLongUrlByShortUrl', { query: { shortUrl }, lang });

describe('getShortUrlByLong (spec §7 shorturlManage)', () => {
  it('answers a code and its /eipFront/surl address; the same address gets the same code', async () => {
    const first = await shorten('/matter/approvalForm?instId=1&isReadonly=true&type=done');
    expect(first.status).toBe(200);
    expect(first.body.value.shortUrl).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(first.body.value.path).toBe(`/eipFront/surl/${first.body.value.shortUrl}`);
    const again = await shorten('/matter/approvalForm?instId=1&isReadonly=true&type=done', {
      as: await t.login('lina'),
    });
    expect(again.body.value.shortUrl).toBe(first.body.value.shortUrl);
    const other = await shorten('/matter/approvalForm?instId=2');
    expect(other.body.value.shortUrl).not.toBe(first.body.value.shortUrl);
  });

  it('gives two calls at once for one address the same code', async () => {
    const both = await Promise.all([shorten('/index?at=once'), shorten('/index?at=once')]);
    expect(both[0].body.value.shortUrl).toBe(both[1].body.value.shortUrl);
  });

  it('keeps links for guests apart from the others, and each tenant’s apart', async () => {
    const plain = await shorten('/appContent?doc=7');
    const forGuests = await shorten('/appContent?doc=7', { guest: true });
    const acme = await shorten('/appContent?doc=7', { as: acmeToken });
    const codes = new Set([plain, forGuests, acme].map((r) => r.body.value.shortUrl));
    expect(codes.size).toBe(3);
    const [row] = await t.database.db
      .select()
      .from(shortUrls)
      .where(eq(shortUrls.code, acme.body.value.shortUrl));
    expect(row).toMatchObject({ tenantId: acmeId, guest: false, longUrl: '/appContent?doc=7' });
  });

  it('records the address a link was made for, never its code (a guest link’s code opens its page)', async () => {
    const guestLink = await shorten('/appContent?doc=8', { guest: true });
    const records = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shortUrl.create'));
    const record = records.find((r) => r.target?.includes('doc=8'));
    expect(record?.target).toBe('url=/appContent?doc=8 guest=true');
    expect(records.some((r) => r.target?.includes(guestLink.body.value.shortUrl))).toBe(false);
  });

  it('refuses an address that is neither a path of the app nor http(s)', async () => {
    for (const url of ['javascript:alert(1)', '//evil.example.com', 'relative/path', '/a b']) {
      const answer = await shorten(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    expect((await shorten('https://intranet.example.com/doc?id=1')).status).toBe(200);
  });

  it('refuses an address that carries a sign-in token, ticket or code (issue 14), and stores nothing', async () => {
    const before = await t.database.db.select().from(shortUrls);
    for (const url of [
      `/matter/approvalForm?instId=1&token=${token}`,
      `/index?TOKEN=x`,
      'https://intranet.example.com/cas?ticket=ST-1',
      '/index?a=1&code=abc#top',
    ]) {
      for (const guest of [false, true]) {
        const answer = await shorten(url, { guest });
        expect(answer.status, url).toBe(400);
        expect(answer.body.message).toBe('短链接不能包含登录令牌、票据或授权码；分享给访客请选择访客链接');
      }
    }
    expect(await t.database.db.select().from(shortUrls)).toEqual(before);
    expect((await shorten('/index?tokenizer=x&unicode=1')).status).toBe(200);
  });

  it('records who made a link in the audit trail', async () => {
    const before = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shortUrl.create'));
    await shorten('/personal/message?audited=1');
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'shortUrl.create'))
      .orderBy(asc(auditLog.id));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ tenantId: '-1', account: 'zhuting', result: 'success' });
  });
});

describe('getLongUrlByShortUrl (spec §2 short links)', () => {
  it('answers the long address without a token, and no guest token for an ordinary link', async () => {
    const code = (await shorten('/mail/mailList?folder=inbox')).body.value.shortUrl;
    const answer = await resolve(code);
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual({ url: '/mail/mailList?folder=inbox', guestToken: null });
  });

  it('answers an unknown or expired code with a 404 envelope in the caller’s language', async () => {
    const unknown = await resolve('Nowhere1', 'en-US');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      state: false,
      code: 404,
      message: 'No such short link, or it has expired: Nowhere1',
    });
    const code = (await shorten('/appContent?expiring=1')).body.value.shortUrl;
    await t.database.db
      .update(shortUrls)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shortUrls.code, code));
    const expired = await resolve(code);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(`短链接不存在或已失效：${code}`);
    const renewed = await shorten('/appContent?expiring=1');
    expect(renewed.body.value.shortUrl).not.toBe(code);
  });
});

describe('guest tokens (spec §2: a guest link opens its page without signing in)', () => {
  let guestToken: string;
  let tokens: TokenService;

  beforeAll(async () => {
    const code = (await shorten('/appContent?shared=1', { guest: true })).body.value.shortUrl;
    const link = (await resolve(code)).body.value;
    expect(link.url).toBe('/appContent?shared=1');
    guestToken = link.guestToken ?? '';
    tokens = createTokenService(
      deriveKey(loadMasterSecret(t.config.secretKey, t.config.dataDir), 'token'),
      t.config.tokenTtlSeconds,
    );
  });

  it('carry the guest scope, the tenant and the long address, and are short-lived', async () => {
    const guest = await tokens.readGuest(guestToken);
    expect(guest).toMatchObject({ scope: 'guest', tenantId: '-1', url: '/appContent?shared=1' });
    const minutesLeft = ((guest?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(25);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    expect(await tokens.read(guestToken)).toBeNull();
    expect(await tokens.readGuest(token)).toBeNull();
  });

  it('are refused as invalid (401, code 402) by every route that needs a signed-in user', async () => {
    const userRoutes = (Object.keys(routes) as RouteName[]).filter(
      (name) => routes[name].access === 'user' && !('guest' in routes[name]),
    );
    expect(userRoutes.length).toBeGreaterThan(10);
    for (const name of userRoutes) {
      const info = routes[name];
      const response = await t.app.inject({
        method: info.method,
        url: `/${info.group}/${info.path}`,
        headers: { authorization: `Bearer ${guestToken}` },
        ...(info.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toMatchObject({ state: false, code: 402 });
    }
  });

  describe('on a route whose contract accepts guests', () => {
    const app = Fastify({ logger: false });
    const caller = Type.Object({ who: Type.String(), url: Type.Union([Type.String(), Type.Null()]) });
    const route = (path: string, guest: boolean) => ({
      info: {
        method: 'GET' as const,
        group: 'portal' as const,
        path,
        access: 'user' as const,
        guest,
      },
      schemas: { summary: path, value: caller },
      handler: async (_input: unknown, { auth }: { auth: unknown }) => {
        const context = auth as { scope?: string; url?: string; account?: string };
        return context.scope === 'guest'
          ? { who: 'guest', url: context.url ?? null }
          : { who: context.account ?? '', url: null };
      },
    });

    beforeAll(async () => {
      app.decorateRequest('lang', 'zh-CN');
      registerErrorHandling(app);
      const master = loadMasterSecret(t.config.secretKey, t.config.dataDir);
      const gate = routeGate({
        db: t.database.db,
        tokens,
        auditChain: auditChain(deriveKey(master, 'audit-chain'), false),
      });
      registerRoute(app, route('guest-welcome', true), gate);
      registerRoute(app, route('members-only', false), gate);
      await app.ready();
    });
    afterAll(() => app.close());

    const get = (path: string, bearer: string) =>
      app.inject({ method: 'GET', url: `/portal/${path}`, headers: { authorization: `Bearer ${bearer}` } });

    it('the handler gets the guest and the one address it may see; users still get in', async () => {
      const asGuest = await get('guest-welcome', guestToken);
      expect(asGuest.statusCode).toBe(200);
      expect(asGuest.json().value).toEqual({ who: 'guest', url: '/appContent?shared=1' });
      expect((await get('guest-welcome', token)).json().value).toEqual({ who: 'zhuting', url: null });
    });

    it('the same route without the flag refuses the guest with code 402', async () => {
      const refused = await get('members-only', guestToken);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ state: false, code: 402 });
      expect((await get('members-only', token)).statusCode).toBe(200);
    });

    it('a forged guest token and the guest token of a disabled tenant are refused', async () => {
      expect((await get('guest-welcome', `${guestToken.slice(0, -4)}AAAA`)).json().code).toBe(402);
      const acmeGuest = (await tokens.issueGuest({ tenantId: acmeId, url: '/index', sharedBy: '1' }, 60))
        .token;
      expect((await get('guest-welcome', acmeGuest)).statusCode).toBe(200);
      await t.database.db.update(tenants).set({ enabled: false }).where(eq(tenants.id, acmeId));
      try {
        expect((await get('guest-welcome', acmeGuest)).json().code).toBe(402);
      } finally {
        await t.database.db.update(tenants).set({ enabled: true }).where(eq(tenants.id, acmeId));
      }
    });
  });
});
