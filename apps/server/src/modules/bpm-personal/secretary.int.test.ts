import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn, userIds } from '../../../test/fixtures.js';
import { secretaries } from '../../db/schema.js';

let t: TestApp;
const as = signIn(() => t);
let idOf: (account: string) => string;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  idOf = await userIds(t, [
    [await as('admin'), ['lina', 'xuhui', 'wuxia', 'heyu', 'zhangwei', 'wangfang', 'dongjie']],
    [await as('alice', acme), ['bob']],
  ]);
});
afterAll(() => t.close());

const list = async (account: string, personal?: 'true' | 'false', tenantId?: string) =>
  t.call('listSecretaries', {
    token: await as(account, tenantId),
    query: personal ? { personal } : {},
    body: { pageBean: { pageSize: 100 } },
  });

describe('secretaries: the caller is the leader', () => {
  it('gives a leader a secretary, shows the pair to both, changes and removes it', async () => {
    const saved = await t.call('saveSecretary', {
      token: await as('lina'),
      body: { secretaryId: idOf('xuhui') },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.value).toMatchObject({
      leaderName: '李娜',
      secretaryName: '徐辉',
      leaderId: idOf('lina'),
    });
    const id = saved.body.value.id;
    expect((await list('lina')).body.value.rows.map((r) => r.secretaryName)).toEqual(['徐辉']);
    for (const account of ['lina', 'xuhui', 'admin']) {
      const got = await t.call('getSecretary', { token: await as(account), params: { id } });
      expect(got.body.value.id, account).toBe(id);
    }
    const secretaryOf = await t.call('getSecretaryByUserId', { token: await as('xuhui') });
    expect(secretaryOf.body.value.leaders.map((l) => l.fullname)).toEqual(['李娜']);

    const changed = await t.call('saveSecretary', {
      token: await as('lina'),
      body: { id, secretaryId: idOf('wuxia') },
    });
    expect(changed.body.value).toMatchObject({ id, secretaryName: '吴霞' });
    expect(
      (await t.call('removeSecretaries', { token: await as('lina'), query: { ids: id } })).body.value,
    ).toBe(1);
    expect((await list('lina')).body.value.total).toBe(0);
  });

  it('filters on whitelisted properties only', async () => {
    const filtered = await t.call('listSecretaries', {
      token: await as('admin'),
      query: { personal: 'false' },
      body: { querys: [{ property: 'secretaryName', value: '王芳' }] },
    });
    expect(filtered.body.value.rows.map((r) => r.leaderName)).toEqual(['张伟']);
    expectRefused(
      await t.call('listSecretaries', {
        token: await as('admin'),
        query: { personal: 'false' },
        body: { querys: [{ property: 'leader_id', value: 'x' }] },
      }),
      400,
    );
  });

  it('refuses bad input and duplicates, and changes nothing', async () => {
    const before = await rowCount(t, secretaries);
    const cases: [string, object, number, string][] = [
      ['zhangwei', { secretaryId: idOf('wangfang') }, 409, '王芳 已是 张伟 的秘书'],
      ['lina', { secretaryId: idOf('lina') }, 400, 'body.secretaryId'],
      ['lina', { secretaryId: idOf('dongjie') }, 400, '董洁'],
      ['lina', {}, 400, 'body.secretaryId'],
      ['lina', { secretaryId: idOf('bob') }, 404, idOf('bob')],
      ['lina', { secretaryId: idOf('xuhui'), leaderId: idOf('heyu') }, 403, ''],
      ['lina', { id: 'nope', secretaryId: idOf('xuhui') }, 404, 'nope'],
    ];
    for (const [account, body, status, named] of cases) {
      const result = await t.call('saveSecretary', { token: await as(account), body });
      expectRefused(result, status);
      expect(result.body.message).toContain(named);
    }
    const english = await t.call('saveSecretary', {
      token: await as('lina'),
      body: { secretaryId: idOf('lina') },
      lang: 'en-US',
    });
    expect(english.body.message).toBe('Invalid input: body.secretaryId cannot be the leader themselves');
    expect(await rowCount(t, secretaries)).toBe(before);
  });
});

describe('who may see and manage secretaries', () => {
  it('personal=false lists every pair for administrators only, who may name the leader', async () => {
    expectRefused(await list('lina', 'false'), 403);
    expect((await list('admin', 'false')).body.value.rows.map((r) => r.secretaryName)).toContain('王芳');
    expect((await list('admin', 'false', acme)).body.value.total).toBe(0);
    expectRefused(await list('lina', 'no' as 'true'), 400);

    const byAdmin = await t.call('saveSecretary', {
      token: await as('admin'),
      body: { leaderId: idOf('heyu'), secretaryId: idOf('xuhui') },
    });
    expect(byAdmin.body.value).toMatchObject({ leaderName: '何宇', secretaryName: '徐辉' });
    expect((await list('heyu')).body.value.total).toBe(1);
    expect(
      (await t.call('removeSecretaries', { token: await as('admin'), query: { ids: byAdmin.body.value.id } }))
        .body.value,
    ).toBe(1);
  });

  it('another user and another tenant can neither read nor change a pair', async () => {
    const pair = (await list('zhangwei')).body.value.rows[0]!;
    expectRefused(await t.call('getSecretary', { token: await as('heyu'), params: { id: pair.id } }), 404);
    expectRefused(
      await t.call('getSecretary', { token: await as('alice', acme), params: { id: pair.id } }),
      404,
    );
    expectRefused(
      await t.call('saveSecretary', {
        token: await as('heyu'),
        body: { id: pair.id, secretaryId: idOf('xuhui') },
      }),
      404,
    );
    expectRefused(
      await t.call('saveSecretary', {
        token: await as('wangfang'),
        body: { id: pair.id, secretaryId: idOf('xuhui') },
      }),
      403,
    );
    expect(
      (await t.call('removeSecretaries', { token: await as('wangfang'), query: { ids: pair.id } })).body
        .value,
    ).toBe(0);
    expect(
      (await t.call('removeSecretaries', { token: await as('admin', acme), query: { ids: pair.id } })).body
        .value,
    ).toBe(0);
    expect(
      (await t.call('getSecretary', { token: await as('zhangwei'), params: { id: pair.id } })).body.value,
    ).toEqual(pair);
  });
});
