import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, userIdOf } from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';
import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import {
  auditLog,
  flowDishOuts,
  flowDishReceivers,
  flowDocuments,
  innerMessages,
  orgs,
} from '../../db/schema.js';

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
    .where(inArray(orgs.code, ['hr', 'finance', 'rd_center', 'frontend', 'acme_rd']));
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

describe('包含下级组织 and 提醒签收 (催办)', () => {
  const receiversOf = async (dishId: string) =>
    (await t.call('getDishOutDetail', { token: await f.as('hujun'), query: { id: dishId } })).body.value;
  const remind = async (account: string, dishId: string, tenantId?: string, lang?: string) =>
    t.call('remindDishOut', { token: await f.as(account, tenantId), query: { dishId }, lang });
  const reminders = async (dishId: string) =>
    t.database.db
      .select({ receiverId: innerMessages.receiverId, content: innerMessages.content })
      .from(innerMessages)
      .where(
        and(
          eq(innerMessages.type, 'urgent'),
          eq(innerMessages.link, `/matter/distributeDocument?dishId=${dishId}`),
        ),
      );
  const remindedAt = async (dishId: string) =>
    (
      await t.database.db
        .select({ at: flowDishOuts.remindedAt })
        .from(flowDishOuts)
        .where(eq(flowDishOuts.id, dishId))
    )[0]!.at;
  /**
   * The active members of the tree under 研发中心 but the sender: 孙浩; 前端 朱婷, 高峰 (胡军 sends, 萧雨 has
   * left); 后端 林雪, 何宇, 郭明 (蔡文 is frozen); 测试 马丽, 罗斌, 梁晨.
   */
  const SUBTREE: Record<string, string> = {
    sunhao: '孙浩',
    zhuting: '朱婷',
    gaofeng: '高峰',
    linxue: '林雪',
    heyu: '何宇',
    guoming: '郭明',
    mali: '马丽',
    luobin: '罗斌',
    liangchen: '梁晨',
  };
  const subtree = Object.values(SUBTREE);
  let dishId: string;
  let directId: string;

  it('an org without its sub-orgs reaches its direct members only (absent as false)', async () => {
    const sent = await dishOut('hujun', { instId, orgIds: [orgId('rd_center')] });
    expect(sent.body.state, sent.body.message).toBe(true);
    directId = sent.body.value.id;
    const detail = await receiversOf(directId);
    expect(detail.receivers.map((r) => [r.name, r.orgName])).toEqual([['孙浩', '研发中心']]);
    expect(detail.targets).toEqual([{ type: 'org', id: orgId('rd_center'), name: '研发中心' }]);
    const off = await dishOut('hujun', { instId, orgIds: [orgId('rd_center')], includeSubOrgs: false });
    expect(off.body.value.receivers).toBe(1);
    expectRefused(await dishOut('hujun', { instId, orgIds: [orgId('hr')], includeSubOrgs: 'yes' }), 400);
  });

  it('with its sub-orgs, the active members of the whole subtree, each once, through the org they came by', async () => {
    const sent = await dishOut('hujun', {
      instId,
      orgIds: [orgId('rd_center'), orgId('frontend')],
      includeSubOrgs: true,
    });
    expect(sent.body.state, sent.body.message).toBe(true);
    dishId = sent.body.value.id;
    expect(sent.body.value.receivers).toBe(subtree.length);
    const detail = await receiversOf(dishId);
    expect(detail.receivers.map((r) => r.name).sort()).toEqual([...subtree].sort());
    expect(Object.fromEntries(detail.receivers.map((r) => [r.name, r.orgName]))).toMatchObject({
      孙浩: '研发中心',
      朱婷: '研发中心/前端开发部',
      何宇: '研发中心/后端开发部',
      梁晨: '研发中心/测试部',
    });
    expect(detail.targets).toEqual([
      { type: 'org', id: orgId('rd_center'), name: '研发中心', subOrgs: true },
      { type: 'org', id: orgId('frontend'), name: '前端开发部', subOrgs: true },
    ]);
    expect(detail.remindTime).toBeNull();
  });

  it('the sender reminds those who have not signed: each gets one message, the signed none', async () => {
    expect((await sign('zhuting', dishId)).body.state).toBe(true);
    const done = await remind('hujun', dishId);
    expect(done.body.state, done.body.message).toBe(true);
    expect(done.body.value.reminded).toBe(subtree.length - 1);
    const sent = await reminders(dishId);
    const unsigned = Object.keys(SUBTREE).filter((account) => account !== 'zhuting');
    const ids = await Promise.all(unsigned.map((account) => f.userId(account)));
    expect(sent.map((m) => m.receiverId).sort()).toEqual(ids.sort());
    expect(sent[0]!.content).toBe('胡军 提醒您签收分发文件：朱婷的请假申请');
    const messages = (await t.call('listMessages', { token: await f.as('gaofeng'), body: {} })).body.value
      .rows;
    expect(messages.filter((m) => m.type === 'urgent').map((m) => m.link)).toEqual([
      `/matter/distributeDocument?dishId=${dishId}`,
    ]);
    expect((await receiversOf(dishId)).remindTime).toBe(done.body.value.remindTime);
    const audited = await t.database.db
      .select({ account: auditLog.account, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'dish.remind'));
    expect(audited).toEqual([{ account: 'hujun', target: `dishId=${dishId}` }]);
  });

  it('refuses too soon (in three languages), receivers, outsiders, other tenants and bad input; nothing changes', async () => {
    const before = [await rowCount(t, innerMessages), await remindedAt(dishId)];
    const soon = await remind('hujun', dishId);
    expectRefused(soon, 429);
    expect(soon.body.message).toBe('每 10 分钟最多提醒一次，请 10 分钟后再试');
    expect((await remind('hujun', dishId, undefined, 'zh-TW')).body.message).toBe(
      '每 10 分鐘最多提醒一次，請 10 分鐘後再試',
    );
    expect((await remind('hujun', dishId, undefined, 'en-US')).body.message).toBe(
      'Receivers can be reminded once every 10 minutes: try again in 10 minutes',
    );
    expectRefused(await remind('gaofeng', dishId), 403);
    expectRefused(await remind('liuyang', dishId), 404);
    expectRefused(await remind('alice', dishId, acme), 404);
    expectRefused(await remind('hujun', 'nope'), 404);
    expectRefused(await t.call('remindDishOut', { token: await f.as('hujun'), query: {} }), 400);
    // everyone signed: nobody to remind
    expect((await sign('sunhao', directId)).body.state).toBe(true);
    expectRefused(await remind('hujun', directId), 409);
    expect([await rowCount(t, innerMessages), await remindedAt(dishId)]).toEqual(before);
  });

  it('once the interval has passed, the sender or an administrator reminds again', async () => {
    await t.database.db
      .update(flowDishOuts)
      .set({ remindedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(flowDishOuts.id, dishId));
    const again = await remind('admin', dishId);
    expect(again.body.state, again.body.message).toBe(true);
    expect(again.body.value.reminded).toBe(subtree.length - 1);
    expect(await reminders(dishId)).toHaveLength(2 * (subtree.length - 1));
  });
});
