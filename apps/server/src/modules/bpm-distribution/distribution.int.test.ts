import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, userIdOf } from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';
import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import { auditLog, flowDishOuts, flowDishReceivers, flowDocuments, orgs } from '../../db/schema.js';

let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acme: string;
let instId: string;
let orgId: (code: string) => string;
let acmeOrg: string;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  acme = await acmeTenantId(t);
  instId = await f.start('zhuting', 'leave_request', { days: 2, reason: '分发测试' });
  const rows = await t.database.db
    .select({ id: orgs.id, code: orgs.code, tenantId: orgs.tenantId })
    .from(orgs)
    .where(inArray(orgs.code, ['hr', 'finance', 'acme_rd']));
  orgId = (code) => rows.find((r) => r.code === code && r.tenantId === PLATFORM_TENANT_ID)!.id;
  acmeOrg = rows.find((r) => r.code === 'acme_rd')!.id;
});
afterAll(() => t.close());

const dishOut = async (account: string, body: object, tenantId?: string) =>
  t.call('taskToDishOut', { token: await f.as(account, tenantId), body });
const received = async (account: string, body: object = {}, tenantId?: string) =>
  (await t.call('getProDishReceviceList', { token: await f.as(account, tenantId), body })).body.value;
const sign = async (account: string, dishId: string, tenantId?: string) =>
  t.call('updateQsandRead', { token: await f.as(account, tenantId), body: { dishId } });
const tables = [flowDishOuts, flowDishReceivers, flowDocuments];
const counts = () => Promise.all(tables.map((table) => rowCount(t, table)));

describe('distribution (分发)', () => {
  let dishId: string;

  it('a handler distributes to two orgs and a person; the receivers get a message, the sender a list', async () => {
    const taskId = await f.taskOf('hujun', instId);
    const sent = await dishOut('hujun', {
      instId,
      taskId,
      orgIds: [orgId('hr'), orgId('finance')],
      userIds: [await f.userId('gaofeng'), await f.userId('hujun')],
      opinion: '  请各部门阅知  ',
    });
    expect(sent.body.state, sent.body.message).toBe(true);
    dishId = sent.body.value.id;

    const detail = (await t.call('getDishOutDetail', { token: await f.as('hujun'), query: { id: dishId } }))
      .body.value;
    const names = detail.receivers.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['刘洋', '陈静', '赵磊', '黄敏', '高峰']));
    expect(names).not.toContain('胡军');
    expect(sent.body.value.receivers).toBe(detail.receivers.length);
    expect(detail).toMatchObject({ instId, senderName: '胡军', opinion: '请各部门阅知', signed: 0 });
    expect(detail.targets.map((x) => [x.type, x.name])).toEqual([
      ['org', '人力资源部'],
      ['org', '财务部'],
      ['user', '高峰'],
      ['user', '胡军'],
    ]);
    expect(detail.receivers.find((r) => r.name === '刘洋')).toMatchObject({
      orgName: '人力资源部',
      signTime: null,
    });
    expect(detail.receivers.find((r) => r.name === '高峰')!.orgName).toBeNull();

    const messages = (await t.call('listMessages', { token: await f.as('liuyang'), body: {} })).body.value
      .rows;
    expect(messages.find((m) => m.link === `/matter/distributeDocument?dishId=${dishId}`)).toMatchObject({
      content: '请各部门阅知',
      isRead: false,
    });
    const mine = (await t.call('getProDishList', { token: await f.as('hujun'), body: {} })).body.value;
    expect(mine.rows.map((r) => [r.id, r.signed, r.total])).toEqual([[dishId, 0, detail.receivers.length]]);
    const ofFlow = async (key: string) =>
      (
        await t.call('getProDishList', {
          token: await f.as('hujun'),
          body: { querys: [{ property: 'procDefKey', value: [key], operation: 'IN' }] },
        })
      ).body.value.total;
    expect([await ofFlow('leave_request'), await ofFlow('expense_claim')]).toEqual([1, 0]);
    const audited = await t.database.db
      .select({ account: auditLog.account, target: auditLog.target, result: auditLog.result })
      .from(auditLog)
      .where(eq(auditLog.action, 'dish.out'));
    expect(audited).toEqual([{ account: 'hujun', target: `instId=${instId}`, result: 'success' }]);
  });

  it('a receiver opens it (read), signs for it once, and the sender sees who has and who has not', async () => {
    const before = await received('liuyang');
    expect(before.rows.map((r) => [r.id, r.signTime, r.readTime])).toEqual([[dishId, null, null]]);
    const doc = (await t.call('getDishDetailByDishId', { token: await f.as('liuyang'), query: { dishId } }))
      .body.value;
    expect(doc.dish.readTime).not.toBeNull();
    expect(doc.dish.signTime).toBeNull();
    expect(doc.instance.id).toBe(instId);
    expect(doc.data).toMatchObject({ days: 2, reason: '分发测试' });
    expect(Object.values(doc.permissions).every((p) => p === 'r' || p === 'n')).toBe(true);
    expect(doc.opinions.length).toBeGreaterThan(0);

    const first = await sign('liuyang', dishId);
    expect(first.body.state, first.body.message).toBe(true);
    expect(first.body.value.readTime).toBe(doc.dish.readTime);
    const again = await sign('liuyang', dishId);
    expect(again.body.value).toEqual(first.body.value);
    expect(
      (await received('liuyang', { querys: [{ property: 'signTime', operation: 'IS_NULL' }] })).total,
    ).toBe(0);
    expect(
      (await received('zhaolei', { querys: [{ property: 'signTime', operation: 'IS_NULL' }] })).total,
    ).toBe(1);

    const detail = (await t.call('getDishOutDetail', { token: await f.as('hujun'), query: { id: dishId } }))
      .body.value;
    expect(detail.signed).toBe(1);
    expect(detail.receivers[0]).toMatchObject({ name: '刘洋', signTime: first.body.value.signTime });
    expect(detail.receivers.find((r) => r.name === '赵磊')).toMatchObject({ signTime: null, readTime: null });
    // the sender reads the document too, without a receipt of their own
    const asSender = await t.call('getDishDetailByDishId', { token: await f.as('hujun'), query: { dishId } });
    expect(asSender.body.value.dish.signTime).toBeNull();
  });

  it('refuses other users, other tenants, bad input and the wrong state, and writes nothing', async () => {
    const before = await counts();
    const base = { instId, orgIds: [orgId('hr')] };
    expectRefused(await dishOut('zhuting', base), 403);
    expectRefused(await dishOut('heyu', base), 404);
    expectRefused(await dishOut('alice', base, acme), 404);
    expectRefused(await dishOut('hujun', { ...base, instId: 'nope' }), 404);
    expectRefused(await dishOut('hujun', { instId, orgIds: ['nope'] }), 404);
    expectRefused(await dishOut('hujun', { instId, orgIds: [acmeOrg] }), 404);
    expectRefused(await dishOut('hujun', { instId, userIds: ['nope'] }), 404);
    expectRefused(
      await dishOut('hujun', { instId, userIds: [await userIdOf(t, await f.as('hujun'), 'dongjie')] }),
      400,
    );
    expectRefused(await dishOut('hujun', { instId, userIds: [await f.userId('hujun')] }), 400);
    expectRefused(await dishOut('hujun', { instId }), 400);
    expectRefused(await dishOut('hujun', { ...base, taskId: 'nope' }), 404);
    expectRefused(await dishOut('hujun', { orgIds: [orgId('hr')] }), 400);
    expectRefused(await dishOut('hujun', { ...base, extra: 1 }), 400);
    expectRefused(await dishOut('hujun', { instId, orgIds: orgId('hr') }), 400);
    expectRefused(await dishOut('hujun', { ...base, opinion: 'x'.repeat(2001) }), 400);

    expectRefused(await sign('heyu', dishId), 404);
    expectRefused(await sign('hujun', dishId), 404);
    expectRefused(await sign('alice', dishId, acme), 404);
    expectRefused(await sign('liuyang', 'nope'), 404);
    expectRefused(await t.call('updateQsandRead', { token: await f.as('liuyang'), body: {} }), 400);
    const detailAs = async (account: string, tenantId?: string) =>
      t.call('getDishOutDetail', { token: await f.as(account, tenantId), query: { id: dishId } });
    expectRefused(await detailAs('liuyang'), 404);
    expectRefused(await detailAs('alice', acme), 404);
    const docAs = async (account: string, tenantId?: string) =>
      t.call('getDishDetailByDishId', { token: await f.as(account, tenantId), query: { dishId } });
    expectRefused(await docAs('heyu'), 404);
    expectRefused(await docAs('alice', acme), 404);
    expect((await received('alice', {}, acme)).total).toBe(0);
    expectRefused(
      await t.call('getProDishList', {
        token: await f.as('hujun'),
        body: { querys: [{ property: 'data', value: 'x' }] },
      }),
      400,
    );
    // a suspended request is not distributed
    await t.call('hangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    expectRefused(await dishOut('hujun', base), 409);
    await t.call('cancelHangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    expect(await counts()).toEqual(before);
  });

  it('once approved, its initiator distributes it too', async () => {
    await f.handleOk('hujun', instId, 'agree', { data: await f.leaderSigned('hujun') });
    expect((await f.instance(instId)).status).toBe('end');
    const sent = await dishOut('zhuting', { instId, userIds: [await f.userId('heyu')] });
    expect(sent.body.state, sent.body.message).toBe(true);
    expect((await received('heyu')).rows.map((r) => r.senderName)).toEqual(['朱婷']);
  });
});

describe('the document library (taskToDecument)', () => {
  const byKey = async (account: string, businessKey: string, tenantId?: string) =>
    t.call('getDetailByBusinesskey', { token: await f.as(account, tenantId), query: { businessKey } });
  const library = async (account: string, body: object = {}) =>
    (await t.call('getDocumentList', { token: await f.as(account), body })).body.value;

  it('a handler files a request; those who take part or received it read it, others do not', async () => {
    const filed = await t.call('taskToDecument', { token: await f.as('hujun'), body: { instId } });
    expect(filed.body.state, filed.body.message).toBe(true);
    expect(filed.body.value).toMatchObject({ businessKey: instId, filedBy: '胡军', procDefName: '请假申请' });
    const again = await t.call('taskToDecument', { token: await f.as('hujun'), body: { instId } });
    expect(again.body.value.id).toBe(filed.body.value.id);
    expect(await rowCount(t, flowDocuments)).toBe(1);

    for (const account of ['hujun', 'zhuting', 'liuyang', 'admin']) {
      const doc = await byKey(account, instId);
      expect(doc.body.state, `${account}: ${doc.body.message}`).toBe(true);
      expect(doc.body.value.data).toMatchObject({ days: 2 });
    }
    expect((await library('liuyang')).rows.map((r) => r.instId)).toEqual([instId]);
    expect((await library('admin')).total).toBe(1);
    expect((await library('guoming')).total).toBe(0);
    expect(
      (await library('liuyang', { querys: [{ property: 'subject', value: 'zzz', operation: 'LIKE' }] }))
        .total,
    ).toBe(0);
  });

  it('refuses readers and filers who may not, and bad input; nothing changes', async () => {
    const before = await counts();
    expectRefused(await byKey('guoming', instId), 404);
    expectRefused(await byKey('alice', instId, acme), 404);
    expectRefused(await byKey('hujun', 'nope'), 404);
    expectRefused(await t.call('getDetailByBusinesskey', { token: await f.as('hujun'), query: {} }), 400);
    const file = async (account: string, body: object, tenantId?: string) =>
      t.call('taskToDecument', { token: await f.as(account, tenantId), body });
    expectRefused(await file('guoming', { instId }), 404);
    expectRefused(await file('alice', { instId }, acme), 404);
    expectRefused(await file('liuyang', { instId }), 404);
    const running = await f.start('zhuting', 'leave_request', { days: 1, reason: '未结束' });
    expectRefused(await file('zhuting', { instId: running }), 403);
    expectRefused(await file('hujun', { instId: running, extra: true }), 400);
    expectRefused(await file('hujun', {}), 400);
    expect(
      await t.database.db
        .select()
        .from(flowDocuments)
        .where(and(eq(flowDocuments.tenantId, PLATFORM_TENANT_ID), eq(flowDocuments.instanceId, running))),
    ).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
