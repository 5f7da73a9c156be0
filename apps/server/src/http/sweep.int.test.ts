import { routes, routeUrl, schemas, type RouteInfo, type RouteName } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { rowCounts } from '../../test/row-counts.js';

/**
 * Every route of the contract table meets bad input: missing and wrong-typed fields, oversized and
 * malformed bodies, unknown filter properties, no token, forged tokens, another tenant's ids. Each
 * answer is a clear 4xx envelope, never a 500, and nothing in the database changes.
 */
let t: TestApp;
let token: string;
let acmeToken: string;
let acmeIds: {
  user: string;
  group: string;
  groupUser: string;
  post: string;
  org: string;
  phrase: string;
  flowType: string;
};
const names = Object.keys(routes) as RouteName[];

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '65536' });
  token = await t.login('zhuting');
  const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
  acmeToken = await t.login('alice', undefined, acme.id);
  const group = (await t.call('queryGroups', { token: acmeToken, body: {} })).body.value.rows[0]!;
  const member = (await t.call('loadUserByGroupId', { token: acmeToken, query: { groupId: group.id } })).body
    .value[0]!;
  const me = (await t.call('getDetailByAccountOrId', { token: acmeToken, body: {} })).body.value;
  const phrase = (
    await t.call('listApprovalItems', { token: acmeToken, query: { isPersonal: 'false' }, body: {} })
  ).body.value.rows[0]!;
  const flowType = (await t.call('getTypesByKey', { token: acmeToken, query: { typeKey: 'FLOW_TYPE' } })).body
    .value[0]!;
  acmeIds = {
    user: me.user.id,
    group: group.id,
    groupUser: member.id,
    post: me.postList[0]!.postId,
    org: me.orgList[0]!.orgId,
    phrase: phrase.id,
    flowType: flowType.id,
  };
});
afterAll(() => t.close());

const expect4xx = (status: number, body: { state: boolean; code: number; message: string }) => {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body.state).toBe(false);
  expect(body.message.length).toBeGreaterThan(0);
};

describe('bad input sweep over every route', () => {
  it('no route answers 500, and the database is unchanged', async () => {
    const before = await rowCounts(t.database.db);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const name of names) {
      const info: RouteInfo = routes[name];
      const callerToken = name === 'signout' ? await t.login('zhuting') : token;
      const takesQuery = 'query' in schemas[name];
      const attempts: {
        label: string;
        query?: unknown;
        body?: unknown;
        token?: string;
        raw?: string;
        headers?: Record<string, string>;
      }[] = [
        {
          label: 'wrong types',
          query: takesQuery ? { ids: ['x'], code: 1 } : undefined,
          body: { querys: 'x', account: 5, name: 7, userIds: 'x', groupId: 3 },
          token: callerToken,
        },
        {
          label: 'unknown filter property',
          body: { querys: [{ property: 'password_hash', value: 'x' }] },
          query: {
            groupId: 'g',
            ids: 'x',
            code: 'x',
            userId: 'x',
            postId: 'x',
            menuAlias: 'front_menu',
            alias: 'x',
            typeKey: 'x',
            templateAlias: 'x',
            chinese: '中',
            fileId: 'x',
          },
          token: callerToken,
        },
        { label: 'forged token', token: forged, body: {}, query: {} },
        { label: 'oversized body', token: callerToken, raw: JSON.stringify({ name: 'x'.repeat(70000) }) },
        { label: 'malformed json', token: callerToken, raw: '{"name": ' },
        {
          label: 'NUL characters and out-of-range values',
          token: callerToken,
          query: {
            code: 'x\u0000',
            ids: 'a\u0000',
            groupId: 'g\u0000',
            userId: 'u',
            postId: 'p',
            menuAlias: 'm\u0000',
            tenantId: '\u0000',
            alias: 'a\u0000',
            typeKey: 'k\u0000',
            valFormat: "'",
          },
          body: {
            name: 'a\u0000b',
            username: 'x\u0000',
            password: 'p',
            account: 'x\u0000',
            querys: [{ property: 'createTime', value: '0000-01-01' }],
          },
        },
        {
          label: 'numbers the database cannot hold',
          token: callerToken,
          body: {
            sn: 99999999999,
            name: 'n',
            querys: [
              { property: 'status', value: 1e10 },
              { property: 'grade', value: '1e400' },
            ],
          },
        },
      ];
      for (const attempt of attempts) {
        if (info.method === 'GET' && attempt.raw) continue;
        const response = await t.app.inject({
          // a live stream stays open: its answer is read as it starts, then dropped
          payloadAsStream: info.kind === 'stream',
          method: info.method,
          url: routeUrl(name, undefined, { id: 'x' }),
          query: attempt.query as Record<string, string> | undefined,
          headers: {
            ...(attempt.token ? { authorization: `Bearer ${attempt.token}` } : {}),
            ...(attempt.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(attempt.raw !== undefined
            ? { payload: attempt.raw }
            : attempt.body !== undefined && info.method !== 'GET'
              ? { payload: attempt.body as object }
              : {}),
        });
        if (info.kind === 'stream' && response.statusCode === 200) {
          response.stream().destroy();
          continue;
        }
        let text = '';
        if (info.kind === 'stream') for await (const chunk of response.stream()) text += String(chunk);
        else text = response.body;
        const label = `${name} (${attempt.label}) answered ${response.statusCode}: ${text.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expect4xx(response.statusCode, JSON.parse(text));
        if (attempt.label === 'forged token' && info.access === 'user') {
          expect(JSON.parse(text).code, label).toBe(402);
        }
        if (attempt.label === 'oversized body') expect(response.statusCode, label).toBe(413);
        if (attempt.label === 'malformed json') expect(response.statusCode, label).toBe(400);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  }, 180_000);

  it('names the field that is missing or wrong in the message', async () => {
    const missing = await t.call('saveGroup', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('参数错误：body.name 不能为空');
    const wrong = await t.call('saveGroupUsers', {
      token,
      body: { groupId: 'g', userIds: 'u' },
      lang: 'en-US',
    });
    expect(wrong.body.message).toBe('Invalid input: body.userIds has the wrong type');
    const noQuery = await t.call('getTenantByCode', { query: {} });
    expect(noQuery.body.message).toBe('参数错误：query.code 不能为空');
  });

  it('every route that needs a token refuses a call without one with code 401', async () => {
    for (const name of names.filter((n) => routes[n].access === 'user')) {
      const info = routes[name];
      const response = await t.app.inject({
        method: info.method,
        url: routeUrl(name, undefined, { id: 'x' }),
      });
      expect(response.statusCode, name).toBe(401);
      expect(response.json().code, name).toBe(401);
    }
  });

  it('an unknown address is a 404 envelope, and a 500 never shows internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uc/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      state: false,
      code: 404,
      message: '请求的地址不存在：/uc/api/nothing/here',
    });
  });
});

describe('tenant isolation', () => {
  it('a platform user can read and change nothing of the second tenant through any of these routes', async () => {
    const before = await rowCounts(t.database.db);
    const groupsOfAcme = await t.call('loadUserByGroupId', { token, query: { groupId: acmeIds.group } });
    expect(groupsOfAcme.status).toBe(404);
    expect(
      (await t.call('getGroupUsers', { token, query: { groupId: acmeIds.group }, body: {} })).status,
    ).toBe(404);
    expect((await t.call('saveGroup', { token, body: { id: acmeIds.group, name: 'taken' } })).status).toBe(
      404,
    );
    expect(
      (await t.call('saveGroupUsers', { token, body: { groupId: acmeIds.group, userIds: [acmeIds.user] } }))
        .status,
    ).toBe(404);
    expect((await t.call('removeGroups', { token, query: { ids: acmeIds.group } })).body.value).toBe(0);
    expect((await t.call('removeGroupUsers', { token, query: { ids: acmeIds.groupUser } })).body.value).toBe(
      0,
    );
    expect(
      (
        await t.call('swapGroupUsers', {
          token,
          body: { firstId: acmeIds.groupUser, secondId: acmeIds.groupUser },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('setPostCookie', { token, query: { postId: acmeIds.post } })).status).toBe(400);
    expect(
      (await t.call('getDetailByAccountOrId', { token, body: { accountOrId: acmeIds.user } })).status,
    ).toBe(404);
    expect((await t.call('getByAccount', { token, body: { account: 'alice' } })).status).toBe(404);
    expect(
      (await t.call('getUserRightMapByIds', { token, query: { ids: acmeIds.user } })).body.value,
    ).toEqual({});
    expect(
      (await t.call('getOrgListByUserId', { token, query: { userId: acmeIds.user } })).body.value,
    ).toEqual([]);
    expect(
      (await t.call('getOrgsByParentAndDem', { token, body: { parentId: acmeIds.org } })).body.value,
    ).toEqual([]);
    const everyList = await Promise.all([
      t.call('queryUsersByType', { token, body: { querys: [{ property: 'id', value: acmeIds.user }] } }),
      t.call('queryUserWithMainOrgPost', {
        token,
        body: { querys: [{ property: 'account', value: 'alice' }] },
      }),
      t.call('getOrgPage', { token, body: { querys: [{ property: 'id', value: acmeIds.org }] } }),
      t.call('getOrgPostPage', { token, body: { querys: [{ property: 'id', value: acmeIds.post }] } }),
      t.call('queryGroups', { token, body: { querys: [{ property: 'id', value: acmeIds.group }] } }),
    ]);
    for (const list of everyList) expect(list.body.value.total).toBe(0);
    const platformAdmin = await t.login('admin');
    for (const caller of [token, platformAdmin]) {
      expect(
        (await t.call('removeApprovalItems', { token: caller, query: { ids: acmeIds.phrase } })).body.value,
      ).toBe(0);
      expect(
        (await t.call('saveApprovalItem', { token: caller, body: { id: acmeIds.phrase, expression: 'x' } }))
          .status,
      ).toBe(404);
    }
    expect(
      (await t.call('saveApprovalItem', { token, body: { expression: 'x', typeId: acmeIds.flowType } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('getTypesByKey', { token, query: { typeKey: 'FLOW_TYPE' } })).body.value.map(
        (type) => type.id,
      ),
    ).not.toContain(acmeIds.flowType);
    const acmeNews = (await t.call('getNewsPagination', { token: acmeToken, body: {} })).body.value.rows[0]!;
    expect((await t.call('getNewsById', { token, query: { id: acmeNews.id } })).status).toBe(404);
    expect(
      (
        await t.call('getNewsPagination', {
          token,
          body: { querys: [{ property: 'title', value: acmeNews.title }] },
        })
      ).body.value.total,
    ).toBe(0);
    for (const name of ['publishNews', 'withdrawNews', 'getNewsReaders'] as const) {
      expect(
        (await t.call(name, { token: platformAdmin, query: { id: acmeNews.id }, body: {} })).status,
      ).toBe(404);
    }
    expect(
      (await t.call('removeNews', { token: platformAdmin, query: { ids: acmeNews.id } })).body.value,
    ).toBe(0);
    const acmeApp = (await t.call('getAppAuthList', { token: acmeToken, body: {} })).body.value[0]!;
    const acmeHome = (await t.call('vueFrontHome', { token: acmeToken })).body.value;
    const acmeColumn = acmeHome.columns[0]!;
    expect((await t.call('getApp', { token: platformAdmin, query: { id: acmeApp.id } })).status).toBe(404);
    expect(
      (await t.call('removeColumns', { token: platformAdmin, query: { ids: acmeColumn.id } })).status,
    ).toBe(404);
    expect(
      (await t.call('removeLayouts', { token: platformAdmin, query: { ids: acmeHome.layout!.id } })).status,
    ).toBe(404);
    expect(
      (
        await t.call('saveUserLayoutConfig', {
          token,
          body: { layoutId: acmeHome.layout!.id, configContent: '{"items":[]}', updateTime: null },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('getColumnList', { token: platformAdmin, body: {} })).body.value.map((c) => c.id),
    ).not.toContain(acmeColumn.id);
    const acmeUsers = (await t.call('queryUsersByType', { token: acmeToken, body: {} })).body.value;
    expect(acmeUsers.total).toBe(5);
    expect(acmeUsers.rows.every((u) => u.tenantId !== '-1')).toBe(true);
    // dictionaries, tags, serial numbers and logos of the second tenant
    const acmeTag = (await t.call('queryTags', { token: acmeToken, body: {} })).body.value.rows[0]!;
    expect(
      (await t.call('queryTags', { token, body: { querys: [{ property: 'id', value: acmeTag.id }] } })).body
        .value.total,
    ).toBe(0);
    expect(
      (
        await t.call('saveTag', {
          token: platformAdmin,
          body: { id: acmeTag.id, typeKey: 'flow', name: 'x' },
        })
      ).status,
    ).toBe(404);
    const acmeDict = (await t.call('getDictByTypeKey', { token, query: { typeKey: 'contractType' } })).body
      .value;
    expect(acmeDict.map((d) => d.name)).not.toContain('保密协议');
    const acmeLogo = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.frontLogo!;
    const acmeLogoId = (JSON.parse(acmeLogo) as { id: string }[])[0]!.id;
    expect((await t.call('getTenantLogo', { query: { code: 'platform', fileId: acmeLogoId } })).status).toBe(
      404,
    );
    expect((await t.call('downloadFile', { token, query: { fileId: acmeLogoId } })).status).toBe(404);
    const platformRoles = (await t.call('getRolePage', { token, body: {} })).body.value.rows.map((r) => r.id);
    const acmeRoles = (await t.call('getRolePage', { token: acmeToken, body: {} })).body.value.rows.map(
      (r) => r.id,
    );
    expect(platformRoles.some((id) => acmeRoles.includes(id))).toBe(false);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('the same account name in two tenants is two people', async () => {
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
    const platformAdmin = (
      await t.call('getDetailByAccountOrId', { token: await t.login('admin'), body: {} })
    ).body.value;
    const acmeAdmin = (
      await t.call('getDetailByAccountOrId', { token: await t.login('admin', undefined, acme.id), body: {} })
    ).body.value;
    expect(platformAdmin.user.fullname).toBe('系统管理员');
    expect(acmeAdmin.user.fullname).toBe('示例管理员');
    expect(acmeAdmin.tenantCode).toBe('acme');
  });
});
