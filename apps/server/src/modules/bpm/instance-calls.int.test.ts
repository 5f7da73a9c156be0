import { routeUrl } from '@eip/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import * as tables from '../../db/schema.js';

/**
 * The instance calls of spec §7 that read one request or its flow (get, getInstanceByPks, getOpinionsById,
 * getRelatedInformationById, getSponsorRevokeByInstId, getBpmImage, getDefStatus, getFlowKey,
 * getHasAuthFlowList), terminating by id, and an administrator's removal: those who take part read them;
 * a colleague with no part in the request and a user of another tenant get 404 and learn nothing.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
});
afterAll(() => t.close());

const leave = (days = 2) => f.start('lina', 'leave_request', { days, reason: '实例调用' });
const strangers = async () => [await f.as('hanxu'), await f.as('alice', acme)];

describe('reading a request (get, getInstanceByPks, getOpinionsById, getRelatedInformationById)', () => {
  it('answers the initiator, the handler and the secretary’s leader view', async () => {
    const instId = await leave();
    for (const account of ['lina', 'zhangwei', 'admin']) {
      const token = await f.as(account);
      const got = await t.call('getInstance', { token, query: { id: instId } });
      expect(got.status, got.body.message).toBe(200);
      expect(got.body.value).toMatchObject({ id: instId, procDefKey: 'leave_request', status: 'running' });
      expect(got.body.value.defId).toEqual(expect.any(String));
      const opinions = await t.call('getOpinionsById', { token, query: { id: instId } });
      expect(opinions.body.value.map((o) => o.status)).toEqual(['submit', 'awaiting_check']);
      const info = await t.call('getRelatedInformationById', { token, query: { id: instId } });
      expect(info.body.value).toMatchObject({ name: expect.any(String), template: expect.any(String) });
      expect(info.body.value.subject).toBe(got.body.value.subject);
      expect(info.body.value.deptName).toEqual(expect.any(String));
    }
  });

  it('getInstanceByPks leaves out what the caller may not see', async () => {
    const mine = await leave();
    const other = await f.start('guoming', 'leave_request', { days: 2, reason: '别人的' });
    const { body } = await t.call('getInstanceByPks', {
      token: await f.as('lina'),
      body: { ids: [mine, other, 'nope', mine] },
    });
    expect(body.value.map((i) => i.id)).toEqual([mine]);
    for (const token of await strangers()) {
      const seen = await t.call('getInstanceByPks', { token, body: { ids: [mine, other] } });
      expect(seen.body.value).toEqual([]);
    }
    const bad = await t.call('getInstanceByPks', { token: await f.as('lina'), body: { ids: [] } });
    expect(bad.status).toBe(400);
  });

  it('answers 404 to a stranger and another tenant, 400 to bad input', async () => {
    const instId = await leave();
    for (const token of await strangers()) {
      for (const name of ['getInstance', 'getOpinionsById', 'getRelatedInformationById'] as const) {
        const { status, body } = await t.call(name, { token, query: { id: instId } });
        expect(status, name).toBe(404);
        expect(JSON.stringify(body)).not.toContain('实例调用');
      }
      expect((await t.call('getSponsorRevokeByInstId', { token, query: { instId } })).status).toBe(404);
    }
    const bad = await t.call('getInstance', { token: await f.as('lina'), query: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message.length).toBeGreaterThan(0);
  });
});

describe('getSponsorRevokeByInstId', () => {
  it('is true for the initiator until someone acts, false for others', async () => {
    const instId = await leave();
    const ask = async (account: string) =>
      (await t.call('getSponsorRevokeByInstId', { token: await f.as(account), query: { instId } })).body
        .value;
    expect(await ask('lina')).toBe(true);
    expect(await ask('zhangwei')).toBe(false);
    await f.handleOk('zhangwei', instId, 'agree', { data: await f.leaderSigned('zhangwei') });
    expect(await ask('lina')).toBe(false);
  });
});

describe('the flow (getBpmImage, getDefStatus, getFlowKey, getHasAuthFlowList)', () => {
  it('getBpmImage draws the chart as SVG with the current node in the pending colour', async () => {
    const instId = await leave();
    const response = await t.app.inject({
      method: 'GET',
      url: routeUrl('getBpmImage'),
      query: { instId },
      headers: { authorization: `Bearer ${await f.as('lina')}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('fill="#FF0000"');
    expect(response.body).not.toContain('<script');
    for (const token of await strangers()) {
      const refused = await t.call('getBpmImage', { token, query: { instId } });
      expect(refused.status).toBe(404);
      expect(refused.body.state).toBe(false);
    }
  });

  it('getDefStatus and getFlowKey read a definition of the caller’s tenant only', async () => {
    const instId = await leave();
    const { defId } = await f.instance(instId);
    const token = await f.as('hanxu');
    expect((await t.call('getFlowKey', { token, query: { defId } })).body.value).toBe('leave_request');
    const status = await t.call('getDefStatus', { token, query: { defId } });
    expect(status.body.value).toMatchObject({ defId, defKey: 'leave_request', status: 'deploy' });
    const alice = await f.as('alice', acme);
    expect((await t.call('getFlowKey', { token: alice, query: { defId } })).status).toBe(404);
    expect((await t.call('getDefStatus', { token: alice, query: { defId } })).status).toBe(404);
    expect((await t.call('getFlowKey', { token, query: { defId: '' } })).status).toBe(400);
  });

  it('getHasAuthFlowList lists the flows the caller may start, as newProcess does', async () => {
    const token = await f.as('lina');
    const list = await t.call('getHasAuthFlowList', { token, body: {} });
    const start = await t.call('newProcess', { token, body: {} });
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.value).toEqual(start.body.value);
    expect(list.body.value.rows.map((r) => r.defKey)).toContain('leave_request');
    const bad = await t.call('getHasAuthFlowList', {
      token,
      body: { querys: [{ property: 'bpmnXml', value: 'x' }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('doEndProcessById', () => {
  it('the initiator terminates by id with a reason; the audit trail records it', async () => {
    const instId = await leave();
    const { status, body } = await t.call('doEndProcessById', {
      token: await f.as('lina'),
      query: { id: instId, reason: '不用了' },
    });
    expect(status, body.message).toBe(200);
    expect((await f.instance(instId)).status).toBe('manualend');
    expect((await f.opinions(instId)).at(-1)).toMatchObject({ status: 'manual_end', opinion: '不用了' });
    const audit = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, 'flow.terminate'), eq(tables.auditLog.result, 'success')));
    expect(audit.map((a) => a.target)).toContain(`instId=${instId}`);
  });

  it('refuses the handler (403), a stranger and another tenant (404); an ended request is 409', async () => {
    const instId = await leave();
    expect(
      (await t.call('doEndProcessById', { token: await f.as('zhangwei'), query: { id: instId } })).status,
    ).toBe(403);
    for (const token of await strangers()) {
      expect((await t.call('doEndProcessById', { token, query: { id: instId } })).status).toBe(404);
    }
    expect((await f.instance(instId)).status).toBe('running');
    await t.call('doEndProcessById', { token: await f.as('lina'), query: { id: instId } });
    const again = await t.call('doEndProcessById', { token: await f.as('lina'), query: { id: instId } });
    expect(again.status).toBe(409);
  });
});

describe('DELETE instance/v1/remove and instRemove (administrators, audited)', () => {
  const rowsOf = async (instId: string) => ({
    instances: await t.database.db
      .select()
      .from(tables.flowInstances)
      .where(eq(tables.flowInstances.id, instId)),
    tasks: await t.database.db.select().from(tables.flowTasks).where(eq(tables.flowTasks.instanceId, instId)),
    opinions: await t.database.db
      .select()
      .from(tables.flowOpinions)
      .where(eq(tables.flowOpinions.instanceId, instId)),
    notices: await t.database.db
      .select()
      .from(tables.flowNotices)
      .where(eq(tables.flowNotices.instanceId, instId)),
    tokens: await t.database.db
      .select()
      .from(tables.flowTokens)
      .where(eq(tables.flowTokens.instanceId, instId)),
  });

  it.each(['removeInstances', 'instRemove'] as const)(
    '%s deletes the request with its tasks, opinions and copies, and records it',
    async (name) => {
      const instId = await leave();
      await t.call('transToMore', {
        token: await f.as('lina'),
        body: { instId, userIds: [await f.userId('hanxu')] },
      });
      const taskId = await f.taskOf('zhangwei', instId);
      const before = await rowsOf(instId);
      expect(before.notices.length).toBe(1);
      const { status, body } = await t.call(name, { token: await f.as('admin'), query: { ids: instId } });
      expect(status, body.message).toBe(200);
      expect(body.value).toBe(1);
      expect(await rowsOf(instId)).toEqual({
        instances: [],
        tasks: [],
        opinions: [],
        notices: [],
        tokens: [],
      });
      const candidates = await t.database.db
        .select()
        .from(tables.flowTaskCandidates)
        .where(eq(tables.flowTaskCandidates.taskId, taskId));
      expect(candidates).toEqual([]);
      expect((await t.call('getInstance', { token: await f.as('lina'), query: { id: instId } })).status).toBe(
        404,
      );
      const audit = await t.database.db
        .select()
        .from(tables.auditLog)
        .where(and(eq(tables.auditLog.action, 'flow.removeInstance'), eq(tables.auditLog.result, 'success')));
      expect(audit.map((a) => a.target)).toContain(`ids=${instId}`);
    },
  );

  it('refuses the initiator and others (403), another tenant (403 or 404); an unknown id removes nothing', async () => {
    const instId = await leave();
    for (const account of ['lina', 'zhangwei', 'hanxu']) {
      const { status } = await t.call('removeInstances', {
        token: await f.as(account),
        query: { ids: instId },
      });
      expect(status, account).toBe(403);
    }
    const alice = await t.call('instRemove', { token: await f.as('alice', acme), query: { ids: instId } });
    expect([403, 404]).toContain(alice.status);
    const mixed = await t.call('removeInstances', {
      token: await f.as('admin'),
      query: { ids: `${instId},nope` },
    });
    expect(mixed.status).toBe(404);
    expect((await rowsOf(instId)).instances.length).toBe(1);
    const failed = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(
        and(eq(tables.auditLog.action, 'flow.removeInstance'), eq(tables.auditLog.result, 'failure:403')),
      );
    expect(failed.length).toBeGreaterThan(0);
    expect((await t.call('instRemove', { token: await f.as('admin'), query: { ids: ',' } })).status).toBe(
      400,
    );
  });
});

describe('doNextCopyto (抄送)', () => {
  it('the handler copies the request to people: it reaches their circulated list, read-only', async () => {
    const instId = await leave(5);
    const taskId = await f.taskOf('zhangwei', instId);
    const hanxu = await f.userId('hanxu');
    await f.handleOk('zhangwei', instId, 'agree', { data: await f.leaderSigned('zhangwei') });
    const sent = await t.call('doNextCopyto', {
      token: await f.as('zhangwei'),
      body: { taskId, userIds: [hanxu], opinion: '请知悉' },
    });
    expect(sent.status, sent.body.message).toBe(200);
    expect(sent.body.value).toEqual({ count: 1 });
    const token = await f.as('hanxu');
    const list = (await t.call('getNoticeTodoReadList', { token, body: {} })).body.value.rows;
    expect(list.find((n) => n.procInstId === instId)).toMatchObject({ opinion: '请知悉', isRead: false });
    expect((await t.call('getInstance', { token, query: { id: instId } })).status).toBe(200);
    expect(
      (await t.call('getTodoList', { token, body: {} })).body.value.rows.map((r) => r.procInstId),
    ).not.toContain(instId);
    const copied = (await f.opinions(instId)).find((o) => o.status === 'copyto');
    expect(copied).toMatchObject({ nodeId: 'LeaderApproval', statusVal: '抄送' });
    const audit = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, 'flow.copyTo'), eq(tables.auditLog.result, 'success')));
    expect(audit.map((a) => a.target)).toContain(`taskId=${taskId}`);
  });

  it('refuses the initiator (403), a stranger and another tenant (404), bad input (400)', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('zhangwei', instId);
    const userIds = [await f.userId('hanxu')];
    expect(
      (await t.call('doNextCopyto', { token: await f.as('lina'), body: { taskId, userIds } })).status,
    ).toBe(403);
    for (const token of await strangers()) {
      expect((await t.call('doNextCopyto', { token, body: { taskId, userIds } })).status).toBe(404);
    }
    const zhangwei = await f.as('zhangwei');
    expect((await t.call('doNextCopyto', { token: zhangwei, body: { taskId, userIds: [] } })).status).toBe(
      400,
    );
    const unknown = await t.call('doNextCopyto', { token: zhangwei, body: { taskId, userIds: ['nobody'] } });
    expect(unknown.status).toBe(400);
    const notices = await t.database.db
      .select()
      .from(tables.flowNotices)
      .where(eq(tables.flowNotices.instanceId, instId));
    expect(notices).toEqual([]);
  });
});

describe('getByRecordInstId (阅读记录)', () => {
  const byInstance = (instId: string, params?: Record<string, string>) => ({
    querys: [{ property: 'procInstId', value: instId, operation: 'EQUAL' as const }],
    ...(params ? { params } : {}),
  });

  it('lists who opened the task and who read a copy, latest first; distinct keeps each reader once', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('zhangwei', instId);
    const zhangwei = await f.as('zhangwei');
    await t.call('addReadRecord', { token: zhangwei, body: { taskId } });
    await t.call('addReadRecord', { token: zhangwei, body: { taskId } });
    const readers = [await f.userId('hanxu'), await f.userId('zhangwei')];
    await t.call('transToMore', { token: await f.as('lina'), body: { instId, userIds: readers } });
    for (const token of [await f.as('hanxu'), zhangwei]) {
      const copy = (await t.call('getNoticeTodoReadList', { token, body: {} })).body.value.rows.find(
        (n) => n.procInstId === instId,
      )!;
      await t.call('noticeTurnDode', { token, body: { ids: [copy.id] } });
    }
    const lina = await f.as('lina');
    const { status, body } = await t.call('getByRecordInstId', { token: lina, body: byInstance(instId) });
    expect(status, body.message).toBe(200);
    expect(body.value.rows.map((r) => [r.kind, r.userId, r.nodeId])).toEqual([
      ['notice', readers[1], 'Start'],
      ['notice', readers[0], 'Start'],
      ['task', readers[1], 'LeaderApproval'],
    ]);
    expect(body.value.total).toBe(3);
    const distinct = await t.call('getByRecordInstId', {
      token: lina,
      body: byInstance(instId, { distinct: '1' }),
    });
    expect(distinct.body.value.rows.map((r) => r.userId)).toEqual([readers[1], readers[0]]);
  });

  it('answers 404 to a stranger and another tenant, 400 without the instance or with another property', async () => {
    const instId = await leave();
    for (const token of await strangers()) {
      expect((await t.call('getByRecordInstId', { token, body: byInstance(instId) })).status).toBe(404);
    }
    const lina = await f.as('lina');
    expect((await t.call('getByRecordInstId', { token: lina, body: {} })).status).toBe(400);
    const other = await t.call('getByRecordInstId', {
      token: lina,
      body: { querys: [{ property: 'userId', value: 'x' }] },
    });
    expect(other.status).toBe(400);
  });
});
