import { TASK_LOCK } from '@eip/contracts/flow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { oneTaskBpmn, testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';
import { giveSignature } from '../../../test/sign.js';
import { scheduledJobs } from '../../db/schema.js';

/** Spec §4 "Task operations", each through its spec §7 call, against the real engine and database. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // A flow with one task shared by the three HR staff (a lockable task) that offers every button.
  await f.deploy({
    bpmnXml: oneTaskBpmn('hr_shared', '人事共享任务', { id: 'HrDesk', name: '人事受理' }),
    settings: {
      global: { form: { formKey: 'hr_shared_form' } },
      nodes: {
        HrDesk: {
          candidates: [{ type: 'role', ids: ['hr'] }],
          buttons: [
            { alias: 'agree', name: '同意' },
            { alias: 'endProcess', name: '终止' },
            { alias: 'taskDelay', name: '延期' },
          ],
          dueTime: { amount: 2, unit: 'day' },
        },
      },
    },
    forms: [
      {
        formKey: 'hr_shared_form',
        name: '人事单',
        schema: { type: 'object', properties: { topic: { type: 'string', maxLength: 20 } } },
      },
    ],
  });
  // A flow whose review node offers transfer (流转).
  await f.deploy({
    bpmnXml: testBpmn(
      'trans_review',
      '流转审阅',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Review', kind: 'userTask', name: '审阅' },
        { id: 'Approve', kind: 'userTask', name: '审批' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Review'],
        ['Review', 'Approve'],
        ['Approve', 'End'],
      ],
    ),
    settings: {
      nodes: {
        Review: {
          candidates: [{ type: 'user', ids: ['linxue'] }],
          buttons: [
            { alias: 'agree', name: '同意' },
            { alias: 'instanceTrans', name: '流转' },
          ],
        },
        Approve: { candidates: [{ type: 'user', ids: ['zhouqiang'] }] },
      },
    },
  });
});
afterAll(() => t.close());

const leave = (account = 'guoming', days = 1) => f.start(account, 'leave_request', { days, reason: '测试' });

describe('handing over and asking others', () => {
  it('delegate (转办): the task moves to another person, who handles it; the delegator sees it in getDelegate', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('linxue', instId);
    const heyu = await f.userId('heyu');
    const { body } = await t.call('delegateTask', {
      token: await f.as('linxue'),
      body: { taskId, userId: heyu, opinion: '请代为审批' },
    });
    expect(body.state, body.message).toBe(true);
    expect(await f.todoOf('linxue', instId)).toHaveLength(0);
    const [handed] = await f.todoOf('heyu', instId);
    expect(handed).toMatchObject({ taskId, type: 'DELIVERTO' });
    const delegated = (await t.call('getDelegate', { token: await f.as('linxue'), body: {} })).body.value
      .rows;
    expect(delegated.find((r) => r.taskId === taskId)).toMatchObject({
      assigneeName: '何宇',
      status: 'pending',
    });
    expect(
      (await t.call('getDelegateCount', { token: await f.as('linxue'), body: {} })).body.value,
    ).toBeGreaterThan(0);
    // the task handed over carries the leader node's duty to sign 领导签字
    await giveSignature(t, await f.as('heyu'));
    await f.handleOk('heyu', instId, 'agree', { data: await f.leaderSigned('heyu') });
    expect((await f.instance(instId)).status).toBe('end');
    expect(await f.trail(instId)).toEqual([
      ['提交申请', 'submit'],
      ['部门领导审批', 'deliverTo'],
      ['部门领导审批', 'agree'],
    ]);
    const rows = await f.opinions(instId);
    expect(rows.find((o) => o.status === 'deliverTo')?.opinion).toBe('请代为审批 → 何宇');
    expect(rows.find((o) => o.status === 'agree')).toMatchObject({ auditorName: '何宇', statusVal: '同意' });
  });

  it('delegating to oneself or to someone unknown is refused and changes nothing', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('linxue', instId);
    const self = await t.call('delegateTask', {
      token: await f.as('linxue'),
      body: { taskId, userId: await f.userId('linxue') },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能选择自己');
    const unknown = await t.call('delegateTask', {
      token: await f.as('linxue'),
      body: { taskId, userId: 'nobody' },
    });
    expect(unknown.status).toBe(400);
    expect(await f.todoOf('linxue', instId)).toHaveLength(1);
  });

  it('transfer (流转): the task waits for every opinion (agreeTrans / opposeTrans), then its handler decides', async () => {
    // the leave's leader node configures its buttons without a transfer: the API refuses it too
    const leaveId = await leave();
    const refused = await t.call('taskToTrans', {
      token: await f.as('linxue'),
      body: { taskId: await f.taskOf('linxue', leaveId), userIds: [await f.userId('heyu')] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('节点“部门领导审批”不提供此操作');
    // the expense claim's manager node configures none: its defaults offer no transfer either
    const defaults = await f.start('guoming', 'expense_claim', { amount: 200, reason: '流转' });
    const offered = await t.call('taskToTrans', {
      token: await f.as('linxue'),
      body: { taskId: await f.taskOf('linxue', defaults), userIds: [await f.userId('heyu')] },
    });
    expect(offered.status).toBe(403);
    // a node that offers instanceTrans
    const claim = await f.start('guoming', 'trans_review', {});
    const managerTask = await f.taskOf('linxue', claim);
    const asked = await t.call('taskToTrans', {
      token: await f.as('linxue'),
      body: {
        taskId: managerTask,
        userIds: [await f.userId('heyu'), await f.userId('luobin')],
        opinion: '请各位看看',
      },
    });
    expect(asked.body.state, asked.body.message).toBe(true);
    const waiting = await f.handle('linxue', claim, 'agree');
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe('该任务正在等待他人意见，暂不能处理');
    const [heyuTask] = await f.todoOf('heyu', claim);
    expect(heyuTask?.type).toBe('TRANSFORMING');
    expect(
      (
        await t.call('getButtonsBytaskId', { token: await f.as('heyu'), query: { taskId: heyuTask!.taskId } })
      ).body.value.map((b) => b.alias),
    ).toEqual(['agreeTrans', 'opposeTrans']);
    // an asked person answers only with agreeTrans / opposeTrans: their task offers nothing else
    expect((await f.handle('heyu', claim, 'agree')).status).toBe(403);
    await f.handleOk('heyu', claim, 'agreeTrans');
    expect((await f.handle('linxue', claim, 'agree')).status).toBe(409);
    await f.handleOk('luobin', claim, 'opposeTrans');
    await f.handleOk('linxue', claim, 'agree');
    expect(await f.todoOf('zhouqiang', claim)).toHaveLength(1);
    expect((await f.trail(claim)).map(([, s]) => s)).toEqual([
      'submit',
      'transForm',
      'agreeTrans',
      'opposeTrans',
      'agree',
    ]);
  });

  it('communicate (沟通): the handler need not wait; an answer is recorded, unanswered ones close when the handler decides', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('linxue', instId);
    const { body } = await t.call('communicate', {
      token: await f.as('linxue'),
      body: {
        taskId,
        userIds: [await f.userId('heyu'), await f.userId('luobin')],
        opinion: '他这周工作安排如何？',
      },
    });
    expect(body.state, body.message).toBe(true);
    const heyuTask = await f.taskOf('heyu', instId);
    expect(
      (await t.call('getButtonsBytaskId', { token: await f.as('heyu'), query: { taskId: heyuTask } })).body
        .value,
    ).toEqual([{ alias: 'commuFeedback', name: '沟通反馈' }]);
    const answer = await t.call('doNextcommu', {
      token: await f.as('heyu'),
      body: { taskId: heyuTask, opinion: '已安排好交接' },
    });
    expect(answer.body.state, answer.body.message).toBe(true);
    await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
    expect(await f.todoOf('luobin', instId)).toHaveLength(0);
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual(['submit', 'commu', 'commuFeedback', 'agree']);
  });

  it('inquire (征询): only earlier handlers or the initiator; the task waits for the reply', async () => {
    const instId = await f.start('guoming', 'expense_claim', { amount: 600, reason: '征询' });
    const taskId = await f.taskOf('linxue', instId);
    const outsider = await t.call('taskToInqu', {
      token: await f.as('linxue'),
      body: { taskId, userIds: [await f.userId('xiena')], opinion: '请说明' },
    });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('只能征询已处理过本流程的人员或发起人');
    const { body } = await t.call('taskToInqu', {
      token: await f.as('linxue'),
      body: { taskId, userIds: [await f.userId('guoming')], opinion: '发票是否齐全？' },
    });
    expect(body.state, body.message).toBe(true);
    expect((await f.handle('linxue', instId, 'agree')).status).toBe(409);
    const inquiry = await f.taskOf('guoming', instId);
    const reply = await t.call('taskToInquReply', {
      token: await f.as('guoming'),
      body: { taskId: inquiry, opinion: '齐全' },
    });
    expect(reply.body.state, reply.body.message).toBe(true);
    await f.handleOk('linxue', instId, 'agree');
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual(['submit', 'inqu', 'inquReply', 'agree']);
  });

  it('add-sign before, one after another: each added signer answers in turn, then the handler decides', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('linxue', instId);
    const { body } = await t.call('userTaskToSign', {
      token: await f.as('linxue'),
      body: {
        taskId,
        userIds: [await f.userId('heyu'), await f.userId('guoming')],
        position: 'before',
        mode: 'sequential',
        opinion: '请先确认',
      },
    });
    expect(body.state, body.message).toBe(true);
    expect(await f.todoOf('guoming', instId)).toHaveLength(0);
    const heyuTask = await f.taskOf('heyu', instId);
    await t.call('userAddSignFeedback', {
      token: await f.as('heyu'),
      body: { taskId: heyuTask, opinion: '没问题' },
    });
    expect((await f.handle('linxue', instId, 'agree')).status).toBe(409);
    const guomingTask = await f.taskOf('guoming', instId);
    await t.call('userAddSignFeedback', {
      token: await f.as('guoming'),
      body: { taskId: guomingTask, opinion: '确认' },
    });
    await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
    expect((await f.instance(instId)).status).toBe('end');
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual([
      'submit',
      'addSign',
      'addSignFeedback',
      'addSignFeedback',
      'agree',
    ]);
  });

  it('add-sign after: the handler agrees now, the added signers answer together, then the flow goes on', async () => {
    const instId = await leave();
    const taskId = await f.taskOf('linxue', instId);
    await t.call('userTaskToSign', {
      token: await f.as('linxue'),
      body: {
        taskId,
        userIds: [await f.userId('heyu'), await f.userId('luobin')],
        position: 'after',
        mode: 'parallel',
      },
    });
    expect((await f.instance(instId)).status).toBe('running');
    for (const account of ['heyu', 'luobin']) {
      const own = await f.taskOf(account, instId);
      await t.call('userAddSignFeedback', {
        token: await f.as(account),
        body: { taskId: own, opinion: `${account} 知悉` },
      });
    }
    expect((await f.instance(instId)).status).toBe('end');
  });
});

describe('the shared task: lock, delay, terminate', () => {
  it('lock codes 0–5: a candidate locks a shared task, others cannot handle it, an administrator can unlock it', async () => {
    const instId = await f.start('guoming', 'hr_shared', { topic: '锁定' });
    const taskId = await f.taskOf('liuyang', instId);
    const code = async (account: string) =>
      (await t.call('canLock', { token: await f.as(account), query: { taskId } })).body.value;
    expect(await code('liuyang')).toBe(TASK_LOCK.canLock);
    expect((await t.call('lockUnlock', { token: await f.as('liuyang'), query: { taskId } })).body.value).toBe(
      TASK_LOCK.canUnlock,
    );
    expect(await code('liuyang')).toBe(TASK_LOCK.canUnlock);
    expect(await code('chenjing')).toBe(TASK_LOCK.lockedBySomeone);
    expect(await code('admin')).toBe(TASK_LOCK.adminOperate);
    const blocked = await f.handle('chenjing', instId, 'agree');
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: TASK_LOCK.lockedBySomeone, message: '该任务已被刘洋锁定' });
    expect((await t.call('lockUnlock', { token: await f.as('chenjing'), query: { taskId } })).status).toBe(
      409,
    );
    expect((await t.call('lockUnlock', { token: await f.as('admin'), query: { taskId } })).body.value).toBe(
      TASK_LOCK.canLock,
    );
    await f.handleOk('chenjing', instId, 'agree');
    expect(await code('chenjing')).toBe(TASK_LOCK.hasHandle);
    const single = await leave();
    const leaderTask = await f.taskOf('linxue', single);
    expect(
      (await t.call('canLock', { token: await f.as('linxue'), query: { taskId: leaderTask } })).body.value,
    ).toBe(TASK_LOCK.noUnlock);
    expect(
      (await t.call('canLock', { token: await f.as('xiena'), query: { taskId: leaderTask } })).status,
    ).toBe(404);
  });

  it('delay moves the due time and its reminder later', async () => {
    const instId = await f.start('guoming', 'hr_shared', { topic: '延期' });
    const [task] = await f.todoOf('yangli', instId);
    expect(task!.dueStatus).toBe('due');
    const before = new Date(task!.dueTime!).getTime();
    const { body } = await t.call('taskDelayById', {
      token: await f.as('yangli'),
      query: { taskId: task!.taskId, amount: '3', unit: 'day' },
    });
    expect(body.state, body.message).toBe(true);
    expect(new Date(body.value.dueTime).getTime() - before).toBe(3 * 24 * 3600 * 1000);
    const jobs = await t.database.db
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.dedupeKey, `due:${task!.taskId}`), eq(scheduledJobs.status, 'pending')));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.runAt.toISOString()).toBe(body.value.dueTime);
    expect(
      (
        await t.call('taskDelayById', {
          token: await f.as('xiena'),
          query: { taskId: task!.taskId, amount: '1', unit: 'day' },
        })
      ).status,
    ).toBe(404);
  });

  it('terminate (人工终止): from a task whose node offers it, or by the initiator; everything ends', async () => {
    const viaTask = await f.start('guoming', 'hr_shared', { topic: '终止' });
    const taskId = await f.taskOf('liuyang', viaTask);
    const ended = await t.call('doEndProcess', {
      token: await f.as('liuyang'),
      body: { instId: viaTask, taskId, opinion: '重复申请' },
    });
    expect(ended.body.state, ended.body.message).toBe(true);
    expect((await f.instance(viaTask)).status).toBe('manualend');
    for (const hr of ['liuyang', 'chenjing', 'yangli']) expect(await f.todoOf(hr, viaTask)).toHaveLength(0);
    expect((await f.trail(viaTask)).at(-1)).toEqual(['人事受理', 'manual_end']);
    expect(
      (await t.call('doEndProcess', { token: await f.as('guoming'), body: { instId: viaTask } })).status,
    ).toBe(409);

    const leaveId = await leave();
    // the leader's node offers no endProcess; the initiator may terminate
    const leaderTask = await f.taskOf('linxue', leaveId);
    expect(
      (
        await t.call('doEndProcess', {
          token: await f.as('linxue'),
          body: { instId: leaveId, taskId: leaderTask },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('doEndProcess', { token: await f.as('linxue'), body: { instId: leaveId } })).status,
    ).toBe(403);
    expect(
      (await t.call('doEndProcess', { token: await f.as('xiena'), body: { instId: leaveId } })).status,
    ).toBe(404);
    expect(
      (await t.call('doEndProcess', { token: await f.as('guoming'), body: { instId: leaveId } })).body.state,
    ).toBe(true);
    expect((await f.instance(leaveId)).status).toBe('manualend');
  });
});

describe('steering a whole instance: suspend, urge, circulate', () => {
  it('suspend (挂起) stops every handling until the initiator resumes it', async () => {
    const instId = await leave();
    expect((await t.call('hangUpInstance', { token: await f.as('linxue'), query: { instId } })).status).toBe(
      403,
    );
    expect((await t.call('hangUpInstance', { token: await f.as('xiena'), query: { instId } })).status).toBe(
      404,
    );
    expect(
      (await t.call('hangUpInstance', { token: await f.as('guoming'), query: { instId } })).body.value,
    ).toEqual({
      instId,
      suspended: true,
    });
    const [row] = await f.todoOf('linxue', instId);
    expect(row?.suspended).toBe(true);
    const refused = await f.handle('linxue', instId, 'agree');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('流程已挂起，暂不能处理');
    const image = (await t.call('instanceFlowImage', { token: await f.as('guoming'), query: { instId } }))
      .body.value;
    expect(image.nodeStatusMap.LeaderApproval).toBe('suspended');
    expect((await t.call('hangUpInstance', { token: await f.as('guoming'), query: { instId } })).status).toBe(
      409,
    );
    await t.call('cancelHangUpInstance', { token: await f.as('guoming'), query: { instId } });
    await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual(['submit', 'suspend', 'restore', 'agree']);
  });

  it('urge (催办) raises the urgency, tells the handlers now and schedules a reminder', async () => {
    const instId = await leave();
    const badge = async () => (await t.call('getMsgbadge', { token: await f.as('linxue') })).body.value;
    const before = await badge();
    const levels = (await t.call('getUrgentStateConf', { token: await f.as('guoming'), body: {} })).body
      .value;
    expect(levels.map((l) => l.name)).toEqual(['一般', '紧急', '特急']);
    const { body } = await t.call('sendBpmTaskUrgent', {
      token: await f.as('guoming'),
      body: { instId, urgentStateValue: 'urgent', opinion: '明天要出发，请尽快' },
    });
    expect(body.state, body.message).toBe(true);
    expect(await badge()).toBe(before + 1);
    expect((await f.todoOf('linxue', instId))[0]?.urgentStateValue).toBe('urgent');
    const urgings = (await t.call('getUrgrntById', { token: await f.as('guoming'), body: { id: instId } }))
      .body.value;
    expect(urgings[0]).toMatchObject({
      urgentStateName: '紧急',
      opinion: '明天要出发，请尽快',
      receivers: [{ name: '林雪' }],
    });
    const reminders = await t.database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.dedupeKey, `urgent:${instId}`));
    expect(reminders).toHaveLength(1);
    expect(
      (
        await t.call('sendBpmTaskUrgent', {
          token: await f.as('linxue'),
          body: { instId, urgentStateValue: 'urgent' },
        })
      ).status,
    ).toBe(403);
  });

  it('circulate (传阅): readers get a copy to read (待阅 → 已阅) and may view, not handle, the instance', async () => {
    const instId = await leave();
    const readers = [await f.userId('zhuting'), await f.userId('xiena')];
    const sent = await t.call('transToMore', {
      token: await f.as('guoming'),
      body: { instId, userIds: readers, opinion: '请知悉' },
    });
    expect(sent.body.value).toEqual({ count: 2 });
    const toRead = (await t.call('getNoticeTodoReadList', { token: await f.as('xiena'), body: {} })).body
      .value.rows;
    const notice = toRead.find((n) => n.procInstId === instId)!;
    expect(notice).toMatchObject({ senderName: '郭明', isRead: false, opinion: '请知悉' });
    expect(
      (await t.call('getInstFormAndBO', { token: await f.as('xiena'), query: { instId } })).body.value.data,
    ).toMatchObject({ days: 1 });
    expect(await f.todoOf('xiena', instId)).toHaveLength(0);
    expect(
      (await t.call('noticeTurnDode', { token: await f.as('xiena'), body: { ids: [notice.id] } })).body.value,
    ).toBe(1);
    const read = (await t.call('getNoticeDoneReadList', { token: await f.as('xiena'), body: {} })).body.value
      .rows;
    expect(read.find((n) => n.id === notice.id)?.isRead).toBe(true);
    const mine = (await t.call('getMyNoticeReadList', { token: await f.as('guoming'), body: {} })).body.value
      .rows;
    expect(
      mine
        .filter((n) => n.procInstId === instId)
        .map((n) => n.receiverName)
        .sort(),
    ).toEqual(['朱婷', '谢娜'].sort());
    expect(
      (await t.call('transToMore', { token: await f.as('hanxu'), body: { instId, userIds: readers } }))
        .status,
    ).toBe(404);
  });
});
