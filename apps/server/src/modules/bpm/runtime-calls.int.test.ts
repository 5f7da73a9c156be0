import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import * as tables from '../../db/schema.js';

/**
 * The task runtime calls of spec §7 the approval form reads about its task (the node, what lies ahead,
 * whether agreeing ends the request, the next task), the requests' open tasks, and an administrator's
 * task removal: the handler and a secretary for her leader read them; a colleague with no part in the
 * request and a user of another tenant get 404; bad input gets the error envelope.
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

/** lina's leave waits at her leader zhangwei (LeaderApproval), whose secretary is wangfang. */
async function leave(days: number) {
  const instId = await f.start('lina', 'leave_request', { days, reason: '调用' });
  return { instId, taskId: await f.taskOf('zhangwei', instId), leaderId: await f.userId('zhangwei') };
}

const strangers = async () => [await f.as('hanxu'), await f.as('alice', acme)];

describe('the node a task stands at (taskNode, taskIsFirstNode, getCurNodeProperties, task/v1/nodeOpinion)', () => {
  it('answers the handler and the secretary for her leader', async () => {
    const { instId, taskId, leaderId } = await leave(2);
    for (const [token, leader] of [
      [await f.as('zhangwei'), undefined],
      [await f.as('wangfang'), leaderId],
    ] as const) {
      const query = { taskId, leaderId: leader };
      const node = await t.call('taskNode', { token, query });
      expect(node.body.value).toEqual({
        nodeId: 'LeaderApproval',
        name: expect.any(String),
        nodeType: 'USERTASK',
      });
      expect((await t.call('taskIsFirstNode', { token, query })).body.value).toBe(true);
      const props = (await t.call('getCurNodeProperties', { token, query })).body.value;
      expect(props).toMatchObject({
        nodeId: 'LeaderApproval',
        instId,
        isFirstNode: true,
        selectUsers: false,
      });
      expect(props.rejectModes).toContain('backToStart');
      const opinions = (await t.call('taskNodeOpinion', { token, query })).body.value;
      expect(opinions.map((o) => [o.nodeId, o.status])).toEqual([['LeaderApproval', 'awaiting_check']]);
    }
  });

  it('a later node is not the first; its opinions are that node’s only', async () => {
    const { instId } = await leave(5);
    await f.handleOk('zhangwei', instId, 'agree', { data: await f.leaderSigned('zhangwei') });
    const [hr] = await f.todoOf('chenjing', instId);
    const token = await f.as('chenjing');
    const query = { taskId: hr!.taskId };
    expect((await t.call('taskNode', { token, query })).body.value.nodeType).toBe('SIGNTASK');
    expect((await t.call('taskIsFirstNode', { token, query })).body.value).toBe(false);
    const props = (await t.call('getCurNodeProperties', { token, query })).body.value;
    expect(props.isFirstNode).toBe(false);
    expect(props.countersign).not.toBeNull();
    const opinions = (await t.call('taskNodeOpinion', { token, query })).body.value;
    expect(opinions.every((o) => o.nodeId === 'HrCountersign')).toBe(true);
  });

  it('answers 404 to a stranger, another tenant, and a secretary without leaderId', async () => {
    const { taskId } = await leave(2);
    for (const token of [...(await strangers()), await f.as('wangfang')]) {
      for (const name of [
        'taskNode',
        'taskIsFirstNode',
        'getCurNodeProperties',
        'taskNodeOpinion',
      ] as const) {
        const { status, body } = await t.call(name, { token, query: { taskId } });
        expect(status, name).toBe(404);
        expect(body.state).toBe(false);
      }
    }
  });
});

describe('what lies ahead (nextExecutor, isEnd)', () => {
  it('nextExecutor names the next node with all its candidates, by the form data', async () => {
    const { taskId, leaderId } = await leave(5);
    const next = await t.call('nextExecutor', { token: await f.as('wangfang'), query: { taskId, leaderId } });
    expect(next.status, next.body.message).toBe(200);
    expect(next.body.value.map((n) => n.nodeId)).toEqual(['HrCountersign']);
    expect(next.body.value[0]!.candidates.length).toBeGreaterThan(0);
    const short = await leave(2);
    const none = await t.call('nextExecutor', {
      token: await f.as('zhangwei'),
      query: { taskId: short.taskId },
    });
    expect(none.body.value).toEqual([]);
  });

  it('isEnd: agreeing ends a short leave, not a long one; the data being submitted decides', async () => {
    const short = await leave(2);
    const long = await leave(5);
    const token = await f.as('zhangwei');
    expect((await t.call('isEnd', { token, body: { taskId: short.taskId } })).body.value).toBe(true);
    expect((await t.call('isEnd', { token, body: { taskId: long.taskId } })).body.value).toBe(false);
    expect(
      (await t.call('isEnd', { token, body: { taskId: short.taskId, data: { days: 9 } } })).body.value,
    ).toBe(false);
    const asSecretary = await t.call('isEnd', {
      token: await f.as('wangfang'),
      body: { taskId: short.taskId, leaderId: short.leaderId },
    });
    expect(asSecretary.body.value).toBe(true);
  });

  it('isEnd: a countersign vote ends nothing while other voters are still to vote', async () => {
    const { instId } = await leave(5);
    await f.handleOk('zhangwei', instId, 'agree', { data: await f.leaderSigned('zhangwei') });
    const [hr] = await f.todoOf('chenjing', instId);
    const voters = (
      await t.call('taskSignUsers', { token: await f.as('chenjing'), body: { taskId: hr!.taskId } })
    ).body.value.voters;
    const expected = voters.length === 1;
    const { body } = await t.call('isEnd', { token: await f.as('chenjing'), body: { taskId: hr!.taskId } });
    expect(body.value).toBe(expected);
  });

  it('answers 404 to a stranger and another tenant, 400 to bad input', async () => {
    const { taskId } = await leave(2);
    for (const token of await strangers()) {
      expect((await t.call('nextExecutor', { token, query: { taskId } })).status).toBe(404);
      expect((await t.call('isEnd', { token, body: { taskId } })).status).toBe(404);
    }
    const token = await f.as('zhangwei');
    const bad = await t.call('isEnd', { token, body: { taskId: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.state).toBe(false);
    expect((await t.call('nextExecutor', { token, query: {} })).status).toBe(400);
  });
});

describe('the next task and the requests’ open tasks (nextTask, getMyRequestTask)', () => {
  it('nextTask gives the handler another pending task of theirs, or null', async () => {
    const first = await leave(2);
    const second = await leave(2);
    const token = await f.as('zhangwei');
    const next = await t.call('nextTask', { token, query: { taskId: second.taskId } });
    expect(next.status, next.body.message).toBe(200);
    expect(next.body.value?.taskId).toBeDefined();
    expect(next.body.value?.taskId).not.toBe(second.taskId);
    // lina has nothing to approve: her own request's task leads her nowhere
    const none = await t.call('nextTask', { token: await f.as('lina'), query: { taskId: first.taskId } });
    expect(none.body.value).toBeNull();
    for (const stranger of await strangers()) {
      expect((await t.call('nextTask', { token: stranger, query: { taskId: first.taskId } })).status).toBe(
        404,
      );
    }
  });

  it('getMyRequestTask lists where the caller’s requests wait, and nobody else’s', async () => {
    const { instId, taskId } = await leave(2);
    const mine = await t.call('getMyRequestTask', { token: await f.as('lina'), body: {} });
    expect(mine.status, mine.body.message).toBe(200);
    const row = mine.body.value.rows.find((r) => r.taskId === taskId);
    expect(row).toMatchObject({ procInstId: instId, nodeId: 'LeaderApproval', status: 'pending' });
    expect(mine.body.value.rows.every((r) => r.creatorId === row!.creatorId)).toBe(true);
    for (const token of [await f.as('zhangwei'), ...(await strangers())]) {
      const other = await t.call('getMyRequestTask', { token, body: {} });
      expect(JSON.stringify(other.body.value)).not.toContain(instId);
    }
    const filtered = await t.call('getMyRequestTask', {
      token: await f.as('lina'),
      body: { querys: [{ property: 'subject', value: '不存在的标题', operation: 'LIKE' }] },
    });
    expect(filtered.body.value.rows).toEqual([]);
    const bad = await t.call('getMyRequestTask', {
      token: await f.as('lina'),
      body: { querys: [{ property: 'password', value: 'x' }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('instanceDetail', () => {
  it('gives the read-only form to those who take part, and 404 to others', async () => {
    const { instId, leaderId } = await leave(2);
    for (const [token, leader] of [
      [await f.as('lina'), undefined],
      [await f.as('zhangwei'), undefined],
      [await f.as('wangfang'), leaderId],
    ] as const) {
      const { status, body } = await t.call('instanceDetail', { token, body: { instId, leaderId: leader } });
      expect(status, body.message).toBe(200);
      expect(body.value.instance.id).toBe(instId);
      expect(body.value.data).toMatchObject({ days: 2 });
    }
    for (const token of await strangers()) {
      expect((await t.call('instanceDetail', { token, body: { instId } })).status).toBe(404);
    }
  });
});

describe('DELETE task/v1/remove (administrators, audited)', () => {
  const taskRows = async (taskId: string) =>
    t.database.db.select().from(tables.flowTasks).where(eq(tables.flowTasks.id, taskId));
  const candidateRows = async (taskId: string) =>
    t.database.db
      .select()
      .from(tables.flowTaskCandidates)
      .where(eq(tables.flowTaskCandidates.taskId, taskId));

  it('removes the task with its candidates; the instance stays; the audit trail names it', async () => {
    const { instId, taskId } = await leave(2);
    const removed = await t.call('removeTasks', { token: await f.as('admin'), query: { ids: taskId } });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.value).toBe(1);
    expect(await taskRows(taskId)).toEqual([]);
    expect(await candidateRows(taskId)).toEqual([]);
    expect((await f.todoOf('zhangwei', instId)).length).toBe(0);
    expect((await f.instance(instId)).id).toBe(instId);
    const audit = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, 'flow.removeTask'), eq(tables.auditLog.result, 'success')));
    expect(audit.map((a) => a.target)).toContain(`ids=${taskId}`);
  });

  it('refuses everyone else (403) and another tenant’s ids (404), removing nothing', async () => {
    const { taskId } = await leave(2);
    for (const account of ['zhangwei', 'lina', 'hanxu']) {
      const { status, body } = await t.call('removeTasks', {
        token: await f.as(account),
        query: { ids: taskId },
      });
      expect(status, account).toBe(403);
      expect(body.state).toBe(false);
    }
    const alice = await t.call('removeTasks', { token: await f.as('alice', acme), query: { ids: taskId } });
    expect([403, 404]).toContain(alice.status);
    // one unknown id among them: nothing at all is removed
    const mixed = await t.call('removeTasks', {
      token: await f.as('admin'),
      query: { ids: `${taskId},nope` },
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toContain('nope');
    expect((await taskRows(taskId)).length).toBe(1);
    const failed = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, 'flow.removeTask'), eq(tables.auditLog.result, 'failure:404')));
    expect(failed.length).toBeGreaterThan(0);
    for (const ids of ['', ',', 'a,,b']) {
      const bad = await t.call('removeTasks', { token: await f.as('admin'), query: { ids } });
      expect(bad.status, ids).toBe(400);
    }
  });
});
