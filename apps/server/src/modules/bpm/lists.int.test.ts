import { InstanceListRow, TodoRow } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';

/** The approval lists, counts and cards (spec §7, sizes of spec §9), and a secretary acting for a leader. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
});
afterAll(() => t.close());

describe('a leader’s secretary (spec §6)', () => {
  it('sees the leader’s tasks in the leader todo list, and handles them for the leader with agree and reject only', async () => {
    const instId = await f.start('lina', 'leave_request', { days: 2, reason: '秘书代办' });
    const secretary = await f.as('wangfang');
    const leaderId = await f.userId('zhangwei');
    const list = (await t.call('getLeaderTodoList', { token: secretary, body: {} })).body.value.rows;
    const row = list.find((r) => r.procInstId === instId)!;
    expect(row).toMatchObject({ leaderId, name: '部门领导审批' });
    expect((await t.call('getLeaderTodoCount', { token: secretary, body: {} })).body.value).toBe(list.length);
    const card = (await t.call('getLeaderTodoCard', { token: secretary, query: {}, body: {} })).body.value;
    expect(card.length).toBe(Math.min(6, list.length));
    const one = (
      await t.call('getLeaderTodoList', {
        token: secretary,
        body: { querys: [{ property: 'leaderId', value: leaderId }] },
      })
    ).body.value.rows;
    expect(one.every((r) => r.leaderId === leaderId)).toBe(true);

    expect(await f.todoOf('wangfang', instId)).toHaveLength(0);
    expect((await t.call('checkTaskAuth', { token: secretary, query: { taskId: row.taskId } })).status).toBe(
      404,
    );
    expect(
      (await t.call('checkTaskAuth', { token: secretary, query: { taskId: row.taskId, leaderId } })).body
        .value,
    ).toBe(true);
    const buttons = await t.call('getButtonsBytaskId', {
      token: secretary,
      query: { taskId: row.taskId, leaderId },
    });
    expect(
      buttons.body.value?.map((b) => b.alias),
      buttons.body.message,
    ).toEqual(['agree', 'reject']);
    const oppose = await t.call('completeTask', {
      token: secretary,
      body: { taskId: row.taskId, actionName: 'oppose', agentLeaderId: leaderId },
    });
    expect(oppose.status).toBe(403);
    expect(oppose.body.message).toBe('代领导处理时只能同意或驳回');
    const notHers = await t.call('completeTask', {
      token: await f.as('hanxu'),
      body: { taskId: row.taskId, actionName: 'agree', agentLeaderId: leaderId },
    });
    expect(notHers.status).toBe(404);
    const done = await t.call('completeTask', {
      token: secretary,
      body: {
        taskId: row.taskId,
        actionName: 'agree',
        opinion: '已转领导同意',
        agentLeaderId: leaderId,
        // the secretary signs 领导签字 with her own signature
        data: await f.leaderSigned('wangfang'),
      },
    });
    expect(done.body.state, done.body.message).toBe(true);
    const opinion = (await f.opinions(instId)).find((o) => o.opinion === '已转领导同意')!;
    expect(opinion).toMatchObject({ auditorName: '王芳', principalName: '张伟', statusVal: '同意' });
    expect((await f.instance(instId)).status).toBe('end');
  });

  it('a user who is nobody’s secretary has an empty leader list and is a leader', async () => {
    const token = await f.as('zhuting');
    expect((await t.call('getLeaderTodoList', { token, body: {} })).body.value.total).toBe(0);
    expect((await t.call('getSecretaryByUserId', { token })).body.value.isLeader).toBe(true);
  });
});

describe('lists, counts and cards', () => {
  it('todo: filter by subject, flow type and time; sort; page; the card has 21 rows by default', async () => {
    const token = await f.as('linxue');
    for (const reason of ['列表一', '列表二', '列表三'])
      await f.start('guoming', 'leave_request', { days: 1, reason });
    await f.start('guoming', 'expense_claim', { amount: 100, reason: '列表报销' });
    const all = (await t.call('getTodoList', { token, body: { pageBean: { pageSize: 2 } } })).body.value;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBe((await t.call('getTodoCount', { token, body: {} })).body.value);
    const finance = (
      await t.call('getTodoList', { token, body: { querys: [{ property: 'flowType', value: 'finance' }] } })
    ).body.value.rows;
    expect(finance.length).toBeGreaterThan(0);
    for (const { taskId } of finance) {
      const detail = (await t.call('taskDetailBo', { token, query: { taskId } })).body.value;
      expect(detail.bpmTask.flowType).toBe('finance');
    }
    const today = new Date().toISOString().slice(0, 10);
    const byTime = (
      await t.call('getTodoList', {
        token,
        body: {
          querys: [
            {
              property: 'createTime',
              value: [`${today} 00:00:00`, `${today} 23:59:59`],
              operation: 'BETWEEN',
            },
          ],
          sorter: [{ property: 'subject', direction: 'ASC' }],
        },
      })
    ).body.value.rows;
    expect(byTime.map((r) => r.subject)).toEqual([...byTime.map((r) => r.subject)].sort());
    const bad = await t.call('getTodoList', { token, body: { querys: [{ property: 'data', value: 'x' }] } });
    expect(bad.status).toBe(400);
    const card = (await t.call('getTodoCard', { token, query: {}, body: {} })).body.value;
    expect(card.length).toBe(Math.min(21, all.total));
    expect((await t.call('getTodoCard', { token, query: { size: '1' }, body: {} })).body.value).toHaveLength(
      1,
    );
    expect((await t.call('getTodoCardCount', { token })).body.value).toBe(all.total);
  });

  it('done: by task (with what can be taken back) and by instance (status=1: finished only); my requests and counts', async () => {
    const running = await f.start('guoming', 'leave_request', { days: 5, reason: '已办' });
    await f.handleOk('linxue', running, 'agree', { data: await f.leaderSigned('linxue') });
    const finished = await f.start('guoming', 'leave_request', { days: 1, reason: '已办完' });
    await f.handleOk('linxue', finished, 'agree', { data: await f.leaderSigned('linxue') });
    const token = await f.as('linxue');
    const tasks = (await t.call('getDoneList', { token, query: { isCheckRevoke: 'true' }, body: {} })).body
      .value.rows;
    expect(tasks.find((r) => r.procInstId === running)?.canRetrieve).toBe(true);
    expect(tasks.find((r) => r.procInstId === finished)?.canRetrieve).toBe(false);
    const instances = (await t.call('getDoneInstList', { token, query: {}, body: {} })).body.value.rows.map(
      (r) => r.id,
    );
    expect(instances).toEqual(expect.arrayContaining([running, finished]));
    const ended = (
      await t.call('getDoneInstList', { token, query: { status: '1' }, body: {} })
    ).body.value.rows.map((r) => r.id);
    expect(ended).toContain(finished);
    expect(ended).not.toContain(running);
    expect((await t.call('getDoneInstCount', { token, body: {} })).body.value).toBeGreaterThanOrEqual(2);
    const mine = await f.as('guoming');
    const requests = (await t.call('myRequest', { token: mine, body: { pageBean: { pageSize: 100 } } })).body
      .value;
    expect(requests.rows.map((r) => r.id)).toEqual(expect.arrayContaining([running, finished]));
    expect((await t.call('myRequestCount', { token: mine })).body.value).toBe(requests.total);
  });

  it('the seeded demo finds work for everyone on their first sign-in', async () => {
    const todo = async (account: string) =>
      (await t.call('getTodoCount', { token: await f.as(account), body: {} })).body.value;
    expect(await todo('hujun')).toBeGreaterThan(0);
    expect(await todo('liuyang')).toBeGreaterThan(0);
    expect(await todo('zhaolei')).toBeGreaterThan(0);
    expect(await todo('songjia')).toBeGreaterThan(0);
    expect(await todo('wuxia')).toBeGreaterThan(0);
    expect(
      (await t.call('getNoticeTodoReadCount', { token: await f.as('zhuting'), body: {} })).body.value,
    ).toBeGreaterThan(0);
    expect(
      (await t.call('getMyDraftCount', { token: await f.as('zhuting'), body: {} })).body.value,
    ).toBeGreaterThan(0);
    expect((await t.call('getDelegateCount', { token: await f.as('tangyan'), body: {} })).body.value).toBe(1);
    expect(
      (await t.call('getLeaderTodoCount', { token: await f.as('wangfang'), body: {} })).body.value,
    ).toBeGreaterThan(0);
    const done = (await t.call('getDoneInstList', { token: await f.as('mali'), query: {}, body: {} })).body
      .value.rows;
    expect(done.some((r) => r.status === 'end')).toBe(true);
  });

  it('another tenant sees none of it', async () => {
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    const token = await f.as('alice', acme);
    for (const name of ['getTodoList', 'myRequest', 'getNoticeTodoReadList', 'getDelegate'] as const) {
      expect((await t.call(name, { token, body: {} })).body.value.total, name).toBe(0);
    }
  });
});

describe('issue 15: list answers carry only what their pages show', () => {
  it('todo rows, done rows and request rows have exactly the fields of their page', async () => {
    const instId = await f.start('heyu', 'leave_request', { days: 1, reason: '字段' });
    const keys = (row: object | undefined) => Object.keys(row ?? {}).sort();
    const fields = (schema: { properties: object }, without: string[] = []) =>
      Object.keys(schema.properties)
        .filter((key) => !without.includes(key))
        .sort();

    const todo = (await t.call('getTodoList', { token: await f.as('linxue'), body: {} })).body.value.rows;
    expect(keys(todo.find((r) => r.procInstId === instId))).toEqual(fields(TodoRow));
    await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
    const requests = (await t.call('myRequest', { token: await f.as('heyu'), body: {} })).body.value.rows;
    // handleTime is the done list's own
    expect(keys(requests.find((r) => r.id === instId))).toEqual(fields(InstanceListRow, ['handleTime']));
    const done = (await t.call('getDoneInstList', { token: await f.as('linxue'), query: {}, body: {} })).body
      .value.rows;
    expect(keys(done.find((r) => r.id === instId))).toEqual(fields(InstanceListRow));
  });
});
