import type { RouteName } from '@eip/contracts';
import { bpmTaskRoutes } from '@eip/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { oneTaskBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import { rowCounts } from '../../../test/row-counts.js';

/**
 * The buttons a task offers (getButtonsBytaskId) are the truth for every operation on it: against a node
 * that offers none of them, each operation answers 403 and changes nothing.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  await f.deploy({
    bpmnXml: oneTaskBpmn('print_only', '只能打印', { id: 'Look', name: '查看' }),
    settings: {
      nodes: {
        Look: {
          candidates: [{ type: 'user', ids: ['linxue'] }],
          buttons: [
            { alias: 'print', name: '打印' },
            { alias: 'flowImage', name: '流程图' },
          ],
        },
      },
    },
  });
});
afterAll(() => t.close());

type Call = { body?: unknown; query?: Record<string, unknown> };

/** Audited task routes that are no operation a node offers, and why. */
const NOT_BUTTONS: Partial<Record<keyof typeof bpmTaskRoutes, string>> = {
  batchHandle: 'approves through complete (swept as agree), after filtering out what offers no agree',
  noticeTurnDode: 'marks circulated copies read: the reader’s, not the node’s',
  delBpmTaskNoticeById: 'deletes circulated copies',
  addReadRecord: 'records that the handler opened the task',
  retrieveBpmTask: 'takes back a handled task: the handler’s task is done, its node offers nothing now',
  removeTasks: 'an administrator’s removal of tasks, whatever their node offers',
};

describe('a node that offers none of the operations', () => {
  it('answers 403 to each of them, as the handler and as the initiator, and nothing changes', async () => {
    const instId = await f.start('guoming', 'print_only', {});
    const taskId = await f.taskOf('linxue', instId);
    const handler = await f.as('linxue');
    const buttons = await t.call('getButtonsBytaskId', { token: handler, query: { taskId } });
    expect(buttons.body.value.map((b) => b.alias)).toEqual(['print', 'flowImage']);
    const someone = [await f.userId('heyu')];
    const calls: [RouteName, Call][] = [
      ...(['agree', 'oppose', 'abandon', 'agreeTrans', 'opposeTrans', 'reject', 'backToStart'] as const).map(
        (actionName): [RouteName, Call] => [
          'completeTask',
          { body: { taskId, actionName, opinion: 'x', destination: 'Start' } },
        ],
      ),
      ['saveTaskDraft', { body: { taskId, opinion: 'x' } }],
      ['delegateTask', { body: { taskId, userId: someone[0] } }],
      ['taskToTrans', { body: { taskId, userIds: someone } }],
      ['communicate', { body: { taskId, userIds: someone } }],
      ['taskToInqu', { body: { taskId, userIds: [await f.userId('guoming')], opinion: 'x' } }],
      ['userTaskToSign', { body: { taskId, userIds: someone, position: 'before', mode: 'parallel' } }],
      ['taskToInquReply', { body: { taskId, opinion: 'x' } }],
      ['userAddSignFeedback', { body: { taskId, opinion: 'x' } }],
      ['doNextcommu', { body: { taskId, opinion: 'x' } }],
      ['lockUnlock', { query: { taskId } }],
      ['taskDelayById', { query: { taskId, amount: '1', unit: 'day' } }],
      ['doEndProcess', { body: { instId, taskId, opinion: 'x' } }],
    ];
    const swept = new Set(calls.map(([name]) => name));
    for (const [name, route] of Object.entries(bpmTaskRoutes)) {
      if ('audit' in route && !(name in NOT_BUTTONS)) expect(swept, `sweep ${name}`).toContain(name);
    }
    const before = await rowCounts(t.database.db);
    for (const [name, call] of calls) {
      const { status, body } = await t.call(name, { token: handler, ...call });
      expect(status, `${name} ${JSON.stringify(call.body ?? call.query)}: ${body.message}`).toBe(403);
      expect(body.state).toBe(false);
    }
    const byInitiator = await t.call('taskDelayById', {
      token: await f.as('guoming'),
      query: { taskId, amount: '1', unit: 'day' },
    });
    expect(byInitiator.status).toBe(403);
    expect(byInitiator.body.message).toBe('节点“查看”不提供此操作');
    const batch = await t.call('batchHandle', { token: handler, body: { taskIds: [taskId] } });
    expect(batch.body.value).toEqual([expect.objectContaining({ taskId, ok: false })]);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect(await f.todoOf('linxue', instId)).toHaveLength(1);
  });

  it('a start node offers resubmission only: a sent-back request cannot be opposed or delegated', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '退回' });
    await f.handleOk('linxue', instId, 'backToStart');
    const taskId = await f.taskOf('guoming', instId);
    const token = await f.as('guoming');
    expect(
      (await t.call('getButtonsBytaskId', { token, query: { taskId } })).body.value.map((b) => b.alias),
    ).toEqual(['startFlow', 'saveDraft', 'endProcess']);
    const before = await rowCounts(t.database.db);
    for (const [name, call] of [
      ['completeTask', { body: { taskId, actionName: 'oppose' } }],
      ['delegateTask', { body: { taskId, userId: await f.userId('heyu') } }],
      [
        'userTaskToSign',
        { body: { taskId, userIds: [await f.userId('heyu')], position: 'before', mode: 'parallel' } },
      ],
    ] as [RouteName, Call][]) {
      expect((await t.call(name, { token, ...call })).status, name).toBe(403);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
    await f.handleOk('guoming', instId, 'agree');
  });
});
