import type { RouteName } from '@eip/contracts';
import { TASK_LOCK } from '@eip/contracts/flow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { oneTaskBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import * as tables from '../../db/schema.js';
import { rowCounts } from '../../../test/row-counts.js';

/**
 * A locked task is locked (spec §4 lock codes): while one candidate holds the lock nobody else — another
 * candidate, an agent (even the holder's), the initiator — can do anything with the task (409, code 4,
 * the holder named); an administrator may break the lock (5, audited). The lock ends when its holder
 * handles the task, unlocks it or signs out, or TASK_LOCK_MINUTES after it was taken.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // one task shared by the three HR staff, offering every operation
  const aliases = [
    'agree',
    'oppose',
    'reject',
    'delegate',
    'instanceTrans',
    'commu',
    'inqu',
    'addSign',
    'saveDraft',
    'taskDelay',
    'endProcess',
    'lockUnlock',
  ] as const;
  await f.deploy({
    bpmnXml: oneTaskBpmn('locked_desk', '锁定测试', { id: 'Desk', name: '人事受理' }),
    settings: {
      nodes: {
        Desk: {
          candidates: [{ type: 'role', ids: ['hr'] }],
          buttons: aliases.map((alias) => ({ alias, name: alias })),
        },
      },
    },
  });
  // agents of the holder and of another candidate, active now
  for (const [principal, agent] of [
    ['liuyang', 'heyu'],
    ['chenjing', 'gaofeng'],
  ] as const) {
    const saved = await t.call('saveAgent', {
      token: await f.as(principal),
      body: {
        agentId: await f.userId(agent),
        startTime: new Date(Date.now() - HOUR).toISOString(),
        endTime: new Date(Date.now() + 24 * HOUR).toISOString(),
        scope: 'all',
      },
    });
    expect(saved.body.state, saved.body.message).toBe(true);
  }
});
afterAll(() => t.close());

const taskRow = async (taskId: string) =>
  (await t.database.db.select().from(tables.flowTasks).where(eq(tables.flowTasks.id, taskId)))[0]!;

/** A pending task of the shared flow, locked by liuyang. */
async function lockedTask() {
  const instId = await f.start('guoming', 'locked_desk', {});
  const taskId = await f.taskOf('liuyang', instId);
  const locked = await t.call('lockUnlock', { token: await f.as('liuyang'), query: { taskId } });
  expect(locked.body.value).toBe(TASK_LOCK.canUnlock);
  return { instId, taskId };
}

/** Every operation on the task, as a call of its route. */
const operations = async (instId: string, taskId: string) => {
  const someone = [await f.userId('xiena')];
  return [
    ['completeTask', { body: { taskId, actionName: 'agree' } }],
    ['completeTask', { body: { taskId, actionName: 'oppose', opinion: 'x' } }],
    ['completeTask', { body: { taskId, actionName: 'backToStart', opinion: 'x' } }],
    ['saveTaskDraft', { body: { taskId, opinion: 'x' } }],
    ['delegateTask', { body: { taskId, userId: someone[0] } }],
    ['taskToTrans', { body: { taskId, userIds: someone } }],
    ['communicate', { body: { taskId, userIds: someone } }],
    ['taskToInqu', { body: { taskId, userIds: [await f.userId('guoming')], opinion: 'x' } }],
    ['userTaskToSign', { body: { taskId, userIds: someone, position: 'before', mode: 'parallel' } }],
    ['taskDelayById', { query: { taskId, amount: '1', unit: 'day' } }],
    ['doEndProcess', { body: { instId, taskId, opinion: 'x' } }],
    ['lockUnlock', { query: { taskId } }],
  ] as [RouteName, { body?: unknown; query?: Record<string, unknown> }][];
};

describe('a locked task', () => {
  it('refuses every operation by anyone but the holder: 409, code 4, naming the holder; nothing changes', async () => {
    const { instId, taskId } = await lockedTask();
    const before = await rowCounts(t.database.db);
    const task = await taskRow(taskId);
    // another candidate, the other candidate's agent, and the holder's own agent
    for (const account of ['chenjing', 'gaofeng', 'heyu']) {
      const token = await f.as(account);
      expect((await t.call('canLock', { token, query: { taskId } })).body.value, account).toBe(
        TASK_LOCK.lockedBySomeone,
      );
      for (const [name, call] of await operations(instId, taskId)) {
        const { status, body } = await t.call(name, { token, ...call });
        expect(status, `${account} ${name}: ${body.message}`).toBe(409);
        expect(body, `${account} ${name}`).toMatchObject({
          state: false,
          code: TASK_LOCK.lockedBySomeone,
          message: '该任务已被刘洋锁定',
        });
      }
    }
    const en = await t.call('completeTask', {
      token: await f.as('chenjing'),
      lang: 'en-US',
      body: { taskId, actionName: 'agree' },
    });
    expect(en.body.message).toBe('刘洋 has locked this task');
    const tw = await t.call('completeTask', {
      token: await f.as('chenjing'),
      lang: 'zh-TW',
      body: { taskId, actionName: 'agree' },
    });
    expect(tw.body.message).toBe('該任務已被刘洋鎖定');
    // the initiator may delay an unlocked task, not a locked one
    const delay = await t.call('taskDelayById', {
      token: await f.as('guoming'),
      query: { taskId, amount: '1', unit: 'day' },
    });
    expect(delay.status).toBe(409);
    // a batch leaves it out
    const batch = await t.call('batchHandle', { token: await f.as('chenjing'), body: { taskIds: [taskId] } });
    expect(batch.body.value).toEqual([expect.objectContaining({ taskId, ok: false })]);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await taskRow(taskId)).toEqual(task);
    // the holder may
    await f.handleOk('liuyang', instId, 'agree');
    expect((await t.call('canLock', { token: await f.as('liuyang'), query: { taskId } })).body.value).toBe(
      TASK_LOCK.hasHandle,
    );
    expect((await taskRow(taskId)).lockedBy).toBeNull();
  });

  it('an administrator breaks the lock (code 5); the audit log names whose lock it was', async () => {
    const { instId, taskId } = await lockedTask();
    const admin = await f.as('admin');
    expect((await t.call('canLock', { token: admin, query: { taskId } })).body.value).toBe(
      TASK_LOCK.adminOperate,
    );
    expect((await t.call('lockUnlock', { token: admin, query: { taskId } })).body.value).toBe(
      TASK_LOCK.canLock,
    );
    const holder = await f.userId('liuyang');
    const audit = await t.database.db
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, 'flow.lock'), eq(tables.auditLog.result, 'success')));
    expect(audit.map((a) => a.target)).toContain(`taskId=${taskId} overrode=${holder}`);
    await f.handleOk('chenjing', instId, 'agree');
  });

  it('ends when its time is up (TASK_LOCK_MINUTES, 30 by default), and when the holder signs out', async () => {
    const { instId, taskId } = await lockedTask();
    const { lockedUntil } = await taskRow(taskId);
    const minutes = (lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(t.config.taskLockMinutes).toBe(30);
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // time passes: the lock is over, as the lock code, the todo list and the operations say
    await t.database.db
      .update(tables.flowTasks)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.flowTasks.id, taskId));
    expect((await t.call('canLock', { token: await f.as('chenjing'), query: { taskId } })).body.value).toBe(
      TASK_LOCK.canLock,
    );
    const [row] = await f.todoOf('chenjing', instId);
    expect(row!.lockedBy).toBeNull();
    await f.handleOk('chenjing', instId, 'agree');

    const second = await f.start('guoming', 'locked_desk', {});
    const secondTask = await f.taskOf('liuyang', second);
    const session = await t.login('liuyang');
    await t.call('lockUnlock', { token: session, query: { taskId: secondTask } });
    expect((await t.call('signout', { token: session })).status).toBe(200);
    expect(
      (await t.call('canLock', { token: await f.as('chenjing'), query: { taskId: secondTask } })).body.value,
    ).toBe(TASK_LOCK.canLock);
  });

  it('people with no part in the task, of this tenant or another, can neither see nor touch its lock', async () => {
    const { taskId } = await lockedTask();
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    const before = await taskRow(taskId);
    for (const token of [await f.as('xiena'), await f.as('alice', acme)]) {
      for (const name of ['canLock', 'lockUnlock'] as const) {
        const { status } = await t.call(name, { token, query: { taskId } });
        expect([403, 404]).toContain(status);
      }
    }
    expect(await taskRow(taskId)).toEqual(before);
  });
});
