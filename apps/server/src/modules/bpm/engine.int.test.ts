import { STATUS_COLORS } from '@eip/contracts/flow';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { leaderSigned } from '../../../test/sign.js';
import { flowTasks, flowTokens } from '../../db/schema.js';

let t: TestApp;
const tokens = new Map<string, string>();
const as = async (account: string) => {
  if (!tokens.has(account)) tokens.set(account, await t.login(account));
  return tokens.get(account)!;
};
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = async (account: string, flowKey: string, data: Record<string, unknown>) => {
  const { body } = await t.call('startInstance', { token: await as(account), body: { flowKey, data } });
  expect(body.state, body.message).toBe(true);
  return body.value.instId;
};
const todoOf = (account: string, instId: string) => flowSteps(t).todoOf(account, instId);
const handle = async (
  account: string,
  instId: string,
  actionName: 'agree' | 'oppose' | 'reject' | 'backToStart',
  extra = {},
) => {
  const [task] = await todoOf(account, instId);
  expect(task, `${account} has a task in ${instId}`).toBeDefined();
  return t.call('completeTask', {
    token: await as(account),
    body: { taskId: task!.taskId, actionName, opinion: `${account} ${actionName}`, ...extra },
  });
};
/** The leader's signature, required at the leave request's leader node, as a completion's extra. */
const signedBy = async (account: string) => ({ data: await leaderSigned(t, await as(account)) });
const instance = async (instId: string, account = 'admin') =>
  (await t.call('getInstanceByInstId', { token: await as(account), query: { instId } })).body.value;
const opinions = async (instId: string) =>
  (await t.call('instanceFlowOpinions', { token: await as('admin'), query: { instId } })).body.value;

describe('leave request: leader, then an HR countersign by ratio for more than 3 days', () => {
  it('a short leave ends after the leader agrees, and shows in the leader’s done list', async () => {
    const instId = await start('guoming', 'leave_request', { days: 2, reason: '看病' });
    expect((await instance(instId)).subject).toBe('郭明的请假申请');
    // without a subject and a template of the flow, a request is named in its initiator's language
    const purchase = async (lang: string) =>
      (
        await t.call('startInstance', {
          token: await as('guoming'),
          lang,
          body: { flowKey: 'purchase', data: { item: 'Monitor', amount: 900 } },
        })
      ).body.value.subject;
    expect(await purchase('zh-CN')).toBe('郭明的采购申请');
    expect(await purchase('en-US')).toBe('郭明’s 采购申请');
    const leaderTasks = await todoOf('linxue', instId);
    expect(leaderTasks.map((task) => task.name)).toEqual(['部门领导审批']);
    expect((await handle('linxue', instId, 'agree', await signedBy('linxue'))).body.state).toBe(true);
    expect((await instance(instId)).status).toBe('end');
    const done = (await t.call('getDoneInstList', { token: await as('linxue'), body: {} })).body.value.rows;
    expect(done.map((d) => d.id)).toContain(instId);
    const mine = (await t.call('myRequest', { token: await as('guoming'), body: {} })).body.value.rows;
    expect(mine.find((r) => r.id === instId)?.status).toBe('end');
  });

  it('a long leave goes to all HR staff; 2 of 3 agreeing (≥ 60 %) passes and cancels the third vote', async () => {
    const instId = await start('guoming', 'leave_request', { days: 5, reason: '年假' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    for (const hr of ['liuyang', 'chenjing', 'yangli']) expect(await todoOf(hr, instId)).toHaveLength(1);
    await handle('chenjing', instId, 'agree');
    expect((await instance(instId)).status).toBe('running');
    await handle('yangli', instId, 'agree');
    expect((await instance(instId)).status).toBe('end');
    expect(await todoOf('liuyang', instId)).toHaveLength(0);
    const statuses = (await opinions(instId)).map((o) => [o.taskName, o.status]);
    expect(statuses).toEqual([
      ['提交申请', 'submit'],
      ['部门领导审批', 'agree'],
      ['人事会签', 'agree'],
      ['人事会签', 'agree'],
      ['人事会签', 'signBackCancel'],
      ['人事会签', 'sign_pass'],
    ]);
    for (const hr of ['chenjing', 'yangli']) {
      const done = (await t.call('getDoneInstList', { token: await as(hr), body: {} })).body.value.rows;
      expect(done.map((d) => d.id)).toContain(instId);
    }
  });

  it('a countersign that can no longer reach its ratio fails and goes back to the initiator', async () => {
    const instId = await start('guoming', 'leave_request', { days: 4, reason: '探亲' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    await handle('liuyang', instId, 'oppose');
    expect((await instance(instId)).status).toBe('running');
    await handle('chenjing', instId, 'oppose');
    expect((await instance(instId)).status).toBe('backToStart');
    expect(await todoOf('yangli', instId)).toHaveLength(0);
    const [resubmit] = await todoOf('guoming', instId);
    expect(resubmit?.name).toBe('提交申请');
    expect((await opinions(instId)).at(-1)?.status).toBe('awaiting_check');
  });
});

describe('reject and resubmit', () => {
  it('back to the initiator with normal return: the resubmission runs the flow again from the start', async () => {
    const instId = await start('guoming', 'leave_request', { days: 1, reason: '私事' });
    expect((await handle('linxue', instId, 'backToStart')).body.state).toBe(true);
    expect((await instance(instId)).status).toBe('backToStart');
    const [task] = await todoOf('guoming', instId);
    const changed = await t.call('completeTask', {
      token: await as('guoming'),
      body: { taskId: task!.taskId, actionName: 'agree', data: { days: 1, reason: '私事（补充说明）' } },
    });
    expect(changed.body.state).toBe(true);
    expect((await instance(instId)).data).toMatchObject({ reason: '私事（补充说明）' });
    expect(await todoOf('linxue', instId)).toHaveLength(1);
    expect((await opinions(instId)).map((o) => o.status)).toEqual([
      'submit',
      'backToStart',
      'resubmit',
      'awaiting_check',
    ]);
  });

  it('back to the initiator with direct return: the resubmission goes straight back to the node that sent it', async () => {
    const instId = await start('guoming', 'leave_request', { days: 6, reason: '婚假' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    await handle('chenjing', instId, 'backToStart', { backHandMode: 'direct' });
    expect(await todoOf('liuyang', instId)).toHaveLength(0);
    await handle('guoming', instId, 'agree');
    expect(await todoOf('linxue', instId)).toHaveLength(0);
    expect(await todoOf('chenjing', instId)).toHaveLength(1);
    expect(await todoOf('liuyang', instId)).toHaveLength(1);
  });

  it('reject to the previous node gives the task back to the person who handled it', async () => {
    const instId = await start('guoming', 'leave_request', { days: 8, reason: '产检陪护' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    const [hrTask] = await todoOf('yangli', instId);
    const choices = (
      await t.call('taskToReject', { token: await as('yangli'), query: { taskId: hrTask!.taskId } })
    ).body.value;
    // the HR node's reject button allows any earlier handled node and the initiator
    expect(choices.map((c) => c.nodeId)).toEqual(['LeaderApproval', 'Start']);
    await handle('yangli', instId, 'reject', { destination: 'LeaderApproval' });
    expect((await instance(instId)).status).toBe('back');
    expect(await todoOf('linxue', instId)).toHaveLength(1);
    for (const hr of ['liuyang', 'chenjing', 'yangli']) expect(await todoOf(hr, instId)).toHaveLength(0);
    const bad = await handle('linxue', instId, 'reject', { destination: 'HrCountersign' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('不能驳回到节点：HrCountersign');
  });
});

describe('authority and concurrency', () => {
  it.each([2, 20, 50])(
    'of %i clients completing the same task at once exactly one succeeds; the rest get 409 and one set of next tasks exists',
    async (clients) => {
      const instId = await start('guoming', 'leave_request', { days: 9, reason: `并发测试 ${clients}` });
      const [task] = await todoOf('linxue', instId);
      const token = await as('linxue');
      const signed = await leaderSigned(t, token);
      const answers = await Promise.all(
        Array.from({ length: clients }, () =>
          t.call('completeTask', {
            token,
            body: { taskId: task!.taskId, actionName: 'agree', data: signed },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
        Array(clients - 1).fill('该任务已被处理，请刷新后查看'),
      );
      const db = t.database.db;
      const next = await db
        .select()
        .from(flowTasks)
        .where(and(eq(flowTasks.instanceId, instId), eq(flowTasks.nodeId, 'HrCountersign')));
      expect(next).toHaveLength(3);
      const active = await db.select().from(flowTokens).where(eq(flowTokens.instanceId, instId));
      expect(active).toHaveLength(1);
    },
  );

  it('someone who is not a candidate cannot handle, see or inspect the task; another tenant cannot find it', async () => {
    const instId = await start('guoming', 'leave_request', { days: 1, reason: '权限测试' });
    const [task] = await todoOf('linxue', instId);
    const stranger = await as('xiena');
    // someone with nothing to do with the instance learns nothing: not even that the task exists
    expect(
      (await t.call('completeTask', { token: stranger, body: { taskId: task!.taskId, actionName: 'agree' } }))
        .status,
    ).toBe(404);
    // the initiator takes part but is no candidate: forbidden
    expect(
      (
        await t.call('completeTask', {
          token: await as('guoming'),
          body: { taskId: task!.taskId, actionName: 'agree' },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('getInstanceByInstId', { token: stranger, query: { instId } })).status).toBe(404);
    expect((await t.call('instanceFlowOpinions', { token: stranger, query: { instId } })).status).toBe(404);
    expect((await t.call('checkTaskAuth', { token: stranger, query: { taskId: task!.taskId } })).status).toBe(
      404,
    );
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
    const outsider = await t.login('admin', undefined, acme.id);
    expect(
      (await t.call('completeTask', { token: outsider, body: { taskId: task!.taskId, actionName: 'agree' } }))
        .status,
    ).toBe(404);
    expect((await t.call('instanceFlowImage', { token: outsider, query: { instId } })).status).toBe(404);
    expect(
      (await t.call('checkTaskAuth', { token: await as('linxue'), query: { taskId: task!.taskId } })).body
        .value,
    ).toBe(true);
    expect(await todoOf('linxue', instId)).toHaveLength(1);
  });

  it('a read-only field cannot be changed through the API, and a required one cannot be emptied', async () => {
    const instId = await start('guoming', 'leave_request', { days: 2, reason: '字段权限' });
    const [task] = await todoOf('linxue', instId);
    const token = await as('linxue');
    const readOnly = await t.call('completeTask', {
      token,
      body: {
        taskId: task!.taskId,
        actionName: 'agree',
        data: { days: 1, ...(await leaderSigned(t, token)) },
      },
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.message).toBe('字段 请假天数 在当前节点只读，不能修改');
    const missing = await t.call('startInstance', {
      token: await as('guoming'),
      body: { flowKey: 'leave_request', data: { reason: 'x' } },
    });
    expect(missing.body.message).toBe('字段 请假天数 必填');
    expect(await todoOf('linxue', instId)).toHaveLength(1);
  });
});

describe('flow chart, buttons, messages, expense routing', () => {
  it('the flow image has the diagram layout, the node colours by status and the XML', async () => {
    const instId = await start('guoming', 'leave_request', { days: 5, reason: '流程图' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    const image = (await t.call('instanceFlowImage', { token: await as('guoming'), query: { instId } })).body
      .value;
    expect(image.instanceId).toBe(instId);
    expect(image.bpmDefLayout.listLayout.map((n) => n.nodeId).sort()).toEqual(
      ['DaysGateway', 'End', 'HrCountersign', 'LeaderApproval', 'Start'].sort(),
    );
    expect(image.bpmDefLayout.width).toBeGreaterThan(0);
    expect(image.nodeColorMap).toEqual({
      Start: STATUS_COLORS.submit,
      LeaderApproval: STATUS_COLORS.agree,
      HrCountersign: STATUS_COLORS.pending,
    });
    expect(image.statusColorMap.backToStart).toBe('#FFA500');
    expect(image.bpmnXml).toContain('<bpmn:process id="leave_request"');
  });

  it('answers the node’s buttons, and tells candidates of a new task through the message badge', async () => {
    const before = (await t.call('getMsgbadge', { token: await as('linxue') })).body.value;
    const instId = await start('guoming', 'leave_request', { days: 1, reason: '按钮' });
    expect((await t.call('getMsgbadge', { token: await as('linxue') })).body.value).toBe(before + 1);
    const [task] = await todoOf('linxue', instId);
    const buttons = (
      await t.call('getButtonsBytaskId', { token: await as('linxue'), query: { taskId: task!.taskId } })
    ).body.value;
    expect(buttons.map((b) => b.alias)).toEqual([
      'agree',
      'oppose',
      'reject',
      'delegate',
      'addSign',
      'startCommu',
      'saveDraft',
    ]);
    expect(buttons[0]!.name).toBe('同意');
  });

  it('the expense claim routes by amount: a large one to a finance countersign where all must agree', async () => {
    const small = await start('heyu', 'expense_claim', { amount: 300 });
    await handle('linxue', small, 'agree');
    expect(await todoOf('zhouqiang', small)).toHaveLength(1);
    expect(await todoOf('zhaolei', small)).toHaveLength(0);
    const large = await start('heyu', 'expense_claim', { amount: 12000 });
    await handle('linxue', large, 'agree');
    for (const f of ['zhaolei', 'zhouqiang']) expect(await todoOf(f, large)).toHaveLength(1);
    // the seed makes huangmin zhaolei's agent for expense claims: she votes, and may vote for him
    const huangmin = await todoOf('huangmin', large);
    expect(huangmin.map((r) => r.actingAs).sort()).toEqual(['agent', 'self']);
    const forZhaolei = huangmin.find((r) => r.actingAs === 'agent')!;
    const done = await t.call('completeTask', {
      token: await as('huangmin'),
      body: { taskId: forZhaolei.taskId, actionName: 'agree', opinion: '代赵磊审批' },
    });
    expect(done.body.state, done.body.message).toBe(true);
    expect(await todoOf('zhaolei', large)).toHaveLength(0);
    const vote = (await opinions(large)).find((o) => o.opinion === '代赵磊审批')!;
    expect(vote).toMatchObject({ auditorName: '黄敏', principalName: '赵磊', status: 'agree' });
    expect(vote.qualfieds.map((q) => [q.name, q.type])).toEqual([
      ['赵磊', 'user'],
      ['黄敏', 'agent'],
    ]);
  });

  it('deploying is for administrators, and a bad definition is refused with its problems named', async () => {
    const bad = await t.call('deployDefinition', {
      token: await as('admin'),
      body: { bpmnXml: '<definitions/>', settings: { nodes: {} } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^流程定义无法发布：/);
    const notAdmin = await t.call('deployDefinition', {
      token: await as('linxue'),
      body: { bpmnXml: 'x', settings: {} },
    });
    expect(notAdmin.status).toBe(403);
    const defs = (await t.call('listDefinitions', { token: await as('zhuting'), body: {} })).body.value.rows;
    expect(defs.map((d) => d.defKey).sort()).toEqual([
      'contract_review',
      'expense_claim',
      'leave_request',
      'onboarding',
      'purchase',
    ]);
  });
});

describe('withdraw and take back while the next step is untouched', () => {
  it('the initiator withdraws a request nobody has acted on; it comes back to them to resubmit', async () => {
    const instId = await start('guoming', 'leave_request', { days: 2, reason: '撤回测试' });
    const stranger = await t.call('revokeInstance', { token: await as('heyu'), body: { instId } });
    expect(stranger.status).toBe(404);
    const revoked = await t.call('revokeInstance', {
      token: await as('guoming'),
      body: { instId, opinion: '写错了' },
    });
    expect(revoked.body.state).toBe(true);
    expect((await instance(instId)).status).toBe('revokeToStart');
    expect(await todoOf('linxue', instId)).toHaveLength(0);
    expect((await todoOf('guoming', instId)).map((task) => task.name)).toEqual(['提交申请']);
    await handle('guoming', instId, 'agree');
    expect(await todoOf('linxue', instId)).toHaveLength(1);
    expect((await opinions(instId)).map((o) => o.status)).toEqual([
      'submit',
      'recoverToStart',
      'resubmit',
      'awaiting_check',
    ]);
  });

  it('a request someone has acted on can no longer be withdrawn', async () => {
    const instId = await start('guoming', 'leave_request', { days: 5, reason: '已审批' });
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    const refused = await t.call('revokeInstance', { token: await as('guoming'), body: { instId } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('流程已被处理，不能撤回');
    expect(await todoOf('chenjing', instId)).toHaveLength(1);
  });

  it('the leader takes back an approval while HR has not voted, and not after', async () => {
    const instId = await start('guoming', 'leave_request', { days: 5, reason: '取回测试' });
    const [task] = await todoOf('linxue', instId);
    await handle('linxue', instId, 'agree', await signedBy('linxue'));
    const notMine = await t.call('retrieveBpmTask', {
      token: await as('chenjing'),
      query: { taskId: task!.taskId },
    });
    expect(notMine.status).toBe(404);
    const back = await t.call('retrieveBpmTask', {
      token: await as('linxue'),
      query: { taskId: task!.taskId },
    });
    expect(back.body.state).toBe(true);
    for (const hr of ['liuyang', 'chenjing', 'yangli']) expect(await todoOf(hr, instId)).toHaveLength(0);
    const [again] = await todoOf('linxue', instId);
    expect(again?.name).toBe('部门领导审批');
    await handle('linxue', instId, 'agree');
    await handle('chenjing', instId, 'agree');
    const late = await t.call('retrieveBpmTask', {
      token: await as('linxue'),
      query: { taskId: again!.taskId },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('下一步已被处理，不能取回');
    expect(await todoOf('yangli', instId)).toHaveLength(1);
  });
});

describe('secretaries (spec §6)', () => {
  it('a secretary learns whose secretary she is; anyone else is a leader', async () => {
    const secretary = (await t.call('getSecretaryByUserId', { token: await as('wangfang') })).body.value;
    expect(secretary).toMatchObject({ isLeader: false, leaders: [{ fullname: '张伟' }] });
    const leader = (await t.call('getSecretaryByUserId', { token: await as('zhangwei') })).body.value;
    expect(leader).toEqual({ isLeader: true, leaders: [] });
  });
});
