import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { oneTaskBpmn, testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import { innerMessages, users } from '../../db/schema.js';
import { runDueJobs } from '../../jobs/runner.js';
import { bpmJobHandlers } from './jobs.js';

/**
 * Where commands meet: a call activity's child ending in every way, suspension meeting automatic steps,
 * questions outliving the task that asked them, take-back for someone else, people who left.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
const user = (account: string) => ({ candidates: [{ type: 'user' as const, ids: [account] }] });
const runJobs = () => runDueJobs(t.database.db, bpmJobHandlers({ mailer: null, publicUrl: '' }));

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // a step that offers both communicate and transfer
  await f.deploy({
    bpmnXml: oneTaskBpmn('ask_both', '沟通与流转', { id: 'Ask', name: '征求意见' }),
    settings: {
      nodes: {
        Ask: {
          ...user('linxue'),
          buttons: [
            { alias: 'agree', name: '同意' },
            { alias: 'startCommu', name: '沟通' },
            { alias: 'instanceTrans', name: '流转' },
          ],
        },
      },
    },
  });
  // a child that fails its countersign and ends, called by a parent
  await f.deploy({
    bpmnXml: oneTaskBpmn('child_vote', '子流程会签', { id: 'Vote', name: '子会签' }),
    settings: {
      nodes: {
        Vote: {
          candidates: [{ type: 'user', ids: ['chenjing', 'yangli'] }],
          countersign: { mode: 'all', onFail: 'end' },
        },
      },
    },
  });
  await f.deploy({
    bpmnXml: testBpmn(
      'parent_call',
      '父流程',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Call', kind: 'callActivity', name: '调用子流程', calls: 'child_vote' },
        { id: 'After', kind: 'userTask', name: '后续' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Call'],
        ['Call', 'After'],
        ['After', 'End'],
      ],
    ),
    settings: { nodes: { After: user('hanxu') } },
  });
  // a flow only hanxu may start
  await f.deploy({
    bpmnXml: oneTaskBpmn('hanxu_only', '限定发起', { id: 'Step', name: '审批' }),
    settings: {
      global: { startRights: [{ type: 'user', ids: ['hanxu'] }] },
      nodes: { Step: user('linxue') },
    },
  });
  // a service task right at the start, then a task
  await f.deploy({
    bpmnXml: testBpmn(
      'svc_first',
      '先调用服务',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Svc', kind: 'serviceTask', name: '服务' },
        { id: 'Next', kind: 'userTask', name: '下一步' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Svc'],
        ['Svc', 'Next'],
        ['Next', 'End'],
      ],
    ),
    settings: {
      nodes: { Svc: { serviceTask: { kind: 'expression', expression: "'ok'" } }, Next: user('hanxu') },
    },
  });
  await f.deploy({
    bpmnXml: oneTaskBpmn('seq_vote', '依次会签', { id: 'Vote', name: '依次会签' }),
    settings: {
      nodes: {
        Vote: { candidates: [{ type: 'user', ids: ['chenjing', 'fengtao', 'yangli'] }], signOrder: 'listed' },
      },
    },
  });
});
afterAll(() => t.close());

const childOf = async (instId: string) =>
  (
    JSON.parse(
      (
        await t.call('getSubInstanceList', {
          token: await f.as('admin'),
          query: { parentInstId: instId, nodeId: 'Call' },
        })
      ).body.value,
    ) as { id: string }[]
  )[0]!.id;

describe('a call activity’s child, however it ends', () => {
  it('a child that ends by a failed countersign lets its parent go on', async () => {
    const instId = await f.start('zhuting', 'parent_call', {});
    const child = await childOf(instId);
    await f.handleOk('chenjing', child, 'oppose');
    expect((await f.instance(child)).status).toBe('end');
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
  });

  it('a terminated child takes its parent along', async () => {
    const instId = await f.start('zhuting', 'parent_call', {});
    const child = await childOf(instId);
    const ended = await t.call('doEndProcess', { token: await f.as('zhuting'), body: { instId: child } });
    expect(ended.body.state, ended.body.message).toBe(true);
    expect((await f.instance(instId)).status).toBe('manualend');
    expect((await f.trail(instId)).at(-1)).toEqual(['调用子流程', 'manual_end']);
  });

  it('a suspended parent waits for its ended child and goes on when resumed', async () => {
    const instId = await f.start('zhuting', 'parent_call', {});
    const child = await childOf(instId);
    await t.call('hangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    await f.handleOk('chenjing', child, 'agree');
    await f.handleOk('yangli', child, 'agree');
    expect((await f.instance(child)).status).toBe('end');
    expect(await f.todoOf('hanxu', instId)).toHaveLength(0);
    await t.call('cancelHangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
  });
});

describe('suspension and service tasks', () => {
  it('a service call due while the instance is suspended runs when it is resumed', async () => {
    const instId = await f.start('zhuting', 'svc_first', {});
    await t.call('hangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    await runJobs();
    expect(await f.todoOf('hanxu', instId)).toHaveLength(0);
    await t.call('cancelHangUpInstance', { token: await f.as('zhuting'), query: { instId } });
    await runJobs();
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
  });
});

describe('questions and the task that asked them', () => {
  it('a voter’s unanswered question goes with the vote; nothing is left open once the round passes', async () => {
    const instId = await f.start('zhuting', 'child_vote', {});
    const vote = await f.taskOf('chenjing', instId);
    const asked = await t.call('communicate', {
      token: await f.as('chenjing'),
      body: { taskId: vote, userIds: [await f.userId('heyu')], opinion: '您怎么看？' },
    });
    expect(asked.body.state, asked.body.message).toBe(true);
    await f.handleOk('chenjing', instId, 'agree');
    expect(await f.todoOf('heyu', instId)).toHaveLength(0);
    await f.handleOk('yangli', instId, 'agree');
    expect((await f.instance(instId)).status).toBe('end');
    const leftOver = (await t.call('getBpmTaskByInstId', { token: await f.as('admin'), query: { instId } }))
      .body.value;
    expect(leftOver).toEqual([]);
  });

  it('an answer to communicate does not reopen a task that waits for transfer opinions', async () => {
    const instId = await f.start('guoming', 'ask_both', {});
    const taskId = await f.taskOf('linxue', instId);
    await t.call('communicate', {
      token: await f.as('linxue'),
      body: { taskId, userIds: [await f.userId('heyu')] },
    });
    await t.call('taskToTrans', {
      token: await f.as('linxue'),
      body: { taskId, userIds: [await f.userId('luobin')] },
    });
    const commu = (await f.todoOf('heyu', instId)).find((r) => r.type === 'COMMU')!;
    await t.call('doNextcommu', {
      token: await f.as('heyu'),
      body: { taskId: commu.taskId, opinion: '已了解' },
    });
    expect((await f.handle('linxue', instId, 'agree')).status).toBe(409);
    await f.handleOk('luobin', instId, 'agreeTrans');
    await f.handleOk('linxue', instId, 'agree');
  });

  it('when the asking task goes (terminated), the questions it asked go too', async () => {
    const instId = await f.start('guoming', 'expense_claim', { amount: 100, reason: '终止带问题' });
    const taskId = await f.taskOf('linxue', instId);
    await t.call('communicate', {
      token: await f.as('linxue'),
      body: { taskId, userIds: [await f.userId('heyu')] },
    });
    await t.call('doEndProcess', { token: await f.as('guoming'), body: { instId } });
    expect(await f.todoOf('heyu', instId)).toHaveLength(0);
  });
});

describe('people: the initiator, principals, those who left', () => {
  it('the initiator terminates from the resubmit form', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '终止' });
    await f.handleOk('linxue', instId, 'backToStart');
    const taskId = await f.taskOf('guoming', instId);
    const ended = await t.call('doEndProcess', { token: await f.as('guoming'), body: { instId, taskId } });
    expect(ended.body.state, ended.body.message).toBe(true);
    expect((await f.instance(instId)).status).toBe('manualend');
  });

  it('a vote an agent cast for a principal comes back to the principal when taken back', async () => {
    const instId = await f.start('heyu', 'expense_claim', { amount: 9000, reason: '代理取回' });
    await f.handleOk('linxue', instId, 'agree');
    const forZhaolei = (await f.todoOf('huangmin', instId)).find((r) => r.actingAs === 'agent')!;
    await f.handleOk('huangmin', instId, 'agree', { taskId: forZhaolei.taskId });
    const back = await t.call('retrieveBpmTask', {
      token: await f.as('huangmin'),
      query: { taskId: forZhaolei.taskId },
    });
    expect(back.body.state, back.body.message).toBe(true);
    const zhaolei = await f.todoOf('zhaolei', instId);
    expect(zhaolei.map((r) => r.taskId)).toContain(forZhaolei.taskId);
  });

  it('a sequential countersign vote cannot be taken back once the next voter is asked', async () => {
    const instId = await f.start('zhuting', 'seq_vote', {});
    const first = await f.taskOf('chenjing', instId);
    await f.handleOk('chenjing', instId, 'agree');
    expect(
      (await t.call('retrieveBpmTask', { token: await f.as('chenjing'), query: { taskId: first } })).status,
    ).toBe(409);
  });

  it('a queued voter who left is skipped: the round goes on without them', async () => {
    const instId = await f.start('zhuting', 'seq_vote', {});
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'fengtao'));
    try {
      await f.handleOk('chenjing', instId, 'agree');
      expect(await f.todoOf('yangli', instId)).toHaveLength(1);
      await f.handleOk('yangli', instId, 'agree');
      expect((await f.instance(instId)).status).toBe('end');
    } finally {
      await t.database.db.update(users).set({ status: 1 }).where(eq(users.account, 'fengtao'));
    }
  });
});

describe('what a start right guards', () => {
  it('the flow chart and next steps of a flow are for those who may start it', async () => {
    const form = await t.call('getFormAndBO', {
      token: await f.as('hanxu'),
      body: { flowKey: 'hanxu_only' },
    });
    const { defId } = form.body.value;
    for (const [account, status] of [
      ['guoming', 403],
      ['hanxu', 200],
    ] as const) {
      const token = await f.as(account);
      expect((await t.call('instanceFlowImage', { token, query: { defId } })).status).toBe(status);
      expect((await t.call('getAfterJumpNodes', { token, body: { defId } })).status).toBe(status);
    }
  });
});

describe('urging', () => {
  it('reaches the open tasks’ people who are still here, and no one who left', async () => {
    const instId = await f.start('zhuting', 'child_vote', {});
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'yangli'));
    try {
      const urged = await t.call('sendBpmTaskUrgent', {
        token: await f.as('zhuting'),
        body: { instId, urgentStateValue: 'urgent', opinion: '请尽快' },
      });
      expect(urged.body.value.receivers).toBe(1);
      const sent = await t.database.db
        .select({ receiverId: innerMessages.receiverId })
        .from(innerMessages)
        .where(eq(innerMessages.content, '请尽快'));
      expect(sent.map((m) => m.receiverId)).toEqual([await f.userId('chenjing')]);
    } finally {
      await t.database.db.update(users).set({ status: 1 }).where(eq(users.account, 'yangli'));
    }
  });
});
