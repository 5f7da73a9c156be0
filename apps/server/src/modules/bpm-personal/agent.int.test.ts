import type { SaveAgent } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn, userIds } from '../../../test/fixtures.js';
import { flowAgents } from '../../db/schema.js';
import { activeAgentsFor } from './agent.repository.js';

let t: TestApp;
const as = signIn(() => t);
let idOf: (account: string) => string;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  idOf = await userIds(t, [
    [await as('admin'), ['zhuting', 'gaofeng', 'heyu', 'zhaolei', 'huangmin', 'xiaoyu', 'dongjie']],
    [await as('alice', acme), ['alice']],
  ]);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const save = async (account: string, body: Partial<SaveAgent>, lang?: string) =>
  t.call('saveAgent', { token: await as(account), body, lang });
const period = (from: number, to: number) => ({ startTime: at(from), endTime: at(to) });

describe('agents (代理): the caller is the principal', () => {
  it('creates, reads and changes an agent, with both names on the row', async () => {
    const created = await save('zhuting', {
      agentId: idOf('gaofeng'),
      ...period(0, 7),
      scope: 'all',
      memo: ' 年假期间 ',
    });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.value).toMatchObject({
      principalId: idOf('zhuting'),
      principalName: '朱婷',
      agentName: '高峰',
      scope: 'all',
      flowKeys: [],
      enabled: true,
      memo: '年假期间',
    });
    const id = created.body.value.id;
    const mine = await t.call('listAgents', {
      token: await as('zhuting'),
      query: { isMgr: 'false' },
      body: {},
    });
    expect(mine.body.value.rows.map((r) => r.id)).toEqual([id]);
    for (const account of ['zhuting', 'gaofeng', 'admin']) {
      const seen = await t.call('getAgent', { token: await as(account), query: { id } });
      expect(seen.body.value.id, account).toBe(id);
    }
    const changed = await save('zhuting', {
      id,
      agentId: idOf('heyu'),
      ...period(0, 3),
      scope: 'flows',
      flowKeys: ['leave_request', 'leave_request'],
    });
    expect(changed.body.value).toMatchObject({
      id,
      agentName: '何宇',
      scope: 'flows',
      flowKeys: ['leave_request'],
    });
    expect(changed.body.value.memo).toBeNull();
    expect(
      (await t.call('removeAgents', { token: await as('zhuting'), query: { ids: id } })).body.value,
    ).toBe(1);
  });

  it('filters on whitelisted properties only', async () => {
    const list = (querys: object[]) =>
      as('zhaolei').then((token) => t.call('listAgents', { token, body: { querys } }));
    const byName = await list([{ property: 'agentName', value: '黄', operation: 'LIKE' }]);
    expect(byName.body.value.rows.map((r) => r.agentName)).toEqual(['黄敏']);
    expect((await list([{ property: 'agentName', value: '周', operation: 'LIKE' }])).body.value.total).toBe(
      0,
    );
    expectRefused(await list([{ property: 'flow_keys', value: 'x' }]), 400);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = await rowCount(t, flowAgents);
    const base = { agentId: idOf('gaofeng'), ...period(1, 2), scope: 'all' as const };
    const cases: [Partial<SaveAgent>, number, string][] = [
      [{ ...base, agentId: idOf('zhuting') }, 400, 'body.agentId'],
      [{ ...base, startTime: at(3) }, 400, 'body.endTime'],
      [{ ...base, startTime: '2026-13-01' }, 400, 'body.startTime'],
      [{ ...base, scope: 'flows' }, 400, 'body.flowKeys'],
      [{ ...base, scope: 'flows', flowKeys: ['leave_request', 'no_such_flow'] }, 400, 'no_such_flow'],
      [{ ...base, agentId: idOf('xiaoyu') }, 400, '萧雨'],
      [{ ...base, agentId: idOf('dongjie') }, 400, 'body.agentId'],
      [{ ...base, agentId: undefined }, 400, 'body.agentId'],
      [{ ...base, agentId: idOf('alice') }, 404, idOf('alice')],
    ];
    for (const [body, status, named] of cases) {
      const result = await save('zhuting', body);
      expectRefused(result, status);
      expect(result.body.message).toContain(named);
    }
    const english = await save('zhuting', { ...base, startTime: at(3) }, 'en-US');
    expect(english.body.message).toBe('Invalid input: body.endTime must be after body.startTime');
    expect(await rowCount(t, flowAgents)).toBe(before);
  });
});

describe('one flow has one enabled agent at a time', () => {
  it('refuses an overlapping period for the same flows with 409, and allows what does not clash', async () => {
    const first = await save('heyu', {
      agentId: idOf('gaofeng'),
      ...period(0, 10),
      scope: 'flows',
      flowKeys: ['leave_request'],
    });
    expect(first.status).toBe(200);
    const before = await rowCount(t, flowAgents);
    const clash = await save('heyu', { agentId: idOf('zhuting'), ...period(5, 15), scope: 'all' });
    expectRefused(clash, 409);
    expect(clash.body.message).toContain('高峰');
    expectRefused(
      await save('heyu', {
        agentId: idOf('zhuting'),
        ...period(9, 12),
        scope: 'flows',
        flowKeys: ['leave_request'],
      }),
      409,
    );
    expect(await rowCount(t, flowAgents)).toBe(before);

    const otherFlow = await save('heyu', {
      agentId: idOf('zhuting'),
      ...period(5, 15),
      scope: 'flows',
      flowKeys: ['expense_claim'],
    });
    expect(otherFlow.status, otherFlow.body.message).toBe(200);
    const afterwards = await save('heyu', {
      agentId: idOf('zhuting'),
      ...period(10, 20),
      scope: 'flows',
      flowKeys: ['leave_request'],
    });
    expect(afterwards.status, afterwards.body.message).toBe(200);
    const disabled = await save('heyu', {
      agentId: idOf('zhuting'),
      ...period(1, 2),
      scope: 'all',
      enabled: false,
    });
    expect(disabled.status, disabled.body.message).toBe(200);
    const enabling = await save('heyu', {
      id: disabled.body.value.id,
      agentId: idOf('zhuting'),
      ...period(1, 2),
      scope: 'all',
    });
    expectRefused(enabling, 409);
    const unchanged = await t.call('getAgent', {
      token: await as('heyu'),
      query: { id: disabled.body.value.id },
    });
    expect(unchanged.body.value.enabled).toBe(false);
  });
});

describe('who may see and change agents', () => {
  it('isMgr=true lists every agent of the tenant for administrators only', async () => {
    expectRefused(
      await t.call('listAgents', { token: await as('zhuting'), query: { isMgr: 'true' }, body: {} }),
      403,
    );
    const all = await t.call('listAgents', {
      token: await as('admin'),
      query: { isMgr: 'true' },
      body: { pageBean: { pageSize: 100 } },
    });
    expect(all.body.value.rows.map((r) => r.principalName)).toContain('赵磊');
    const acmeAll = await t.call('listAgents', {
      token: await as('admin', acme),
      query: { isMgr: 'true' },
      body: {},
    });
    expect(acmeAll.body.value.total).toBe(0);
    expectRefused(
      await t.call('listAgents', { token: await as('zhuting'), query: { isMgr: 'yes' }, body: {} }),
      400,
    );
  });

  it('another user, the agent and another tenant cannot change an agent; an administrator can', async () => {
    const { body } = await save('zhuting', { agentId: idOf('gaofeng'), ...period(30, 31), scope: 'all' });
    const id = body.value.id;
    const change = { id, agentId: idOf('heyu'), ...period(30, 31), scope: 'all' as const };
    expectRefused(await save('heyu', change), 404);
    expectRefused(await save('gaofeng', change), 403);
    expectRefused(await t.call('saveAgent', { token: await as('alice', acme), body: change }), 404);
    expectRefused(await t.call('getAgent', { token: await as('heyu'), query: { id } }), 404);
    expectRefused(await t.call('getAgent', { token: await as('alice', acme), query: { id } }), 404);
    expect((await t.call('removeAgents', { token: await as('heyu'), query: { ids: id } })).body.value).toBe(
      0,
    );
    expect(
      (await t.call('removeAgents', { token: await as('admin', acme), query: { ids: id } })).body.value,
    ).toBe(0);
    expect(
      (await t.call('getAgent', { token: await as('zhuting'), query: { id } })).body.value.agentName,
    ).toBe('高峰');

    const byAdmin = await save('admin', change);
    expect(byAdmin.body.value).toMatchObject({ principalName: '朱婷', agentName: '何宇' });
    expect(
      (await t.call('removeAgents', { token: await as('admin'), query: { ids: `${id},nope` } })).body.value,
    ).toBe(1);
  });
});

describe('activeAgentsFor (the engine asks it when it creates tasks)', () => {
  it('finds the seeded expense-claim agent of zhaolei now, and nobody for other flows or later', async () => {
    const { db } = t.database;
    const now = new Date();
    expect(await activeAgentsFor(db, '-1', [idOf('zhaolei')], 'expense_claim', now)).toEqual([
      { principalId: idOf('zhaolei'), agentId: idOf('huangmin') },
    ]);
    expect(await activeAgentsFor(db, '-1', [idOf('zhaolei')], 'leave_request', now)).toEqual([]);
    expect(
      await activeAgentsFor(db, '-1', [idOf('zhaolei')], 'expense_claim', new Date(Date.now() + 31 * DAY)),
    ).toEqual([]);
    expect(await activeAgentsFor(db, acme, [idOf('zhaolei')], 'expense_claim', now)).toEqual([]);
    expect(await activeAgentsFor(db, '-1', [], 'expense_claim', now)).toEqual([]);
  });
});
