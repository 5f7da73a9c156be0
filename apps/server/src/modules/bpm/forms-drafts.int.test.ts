import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { oneTaskBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';

/** Spec §4: forms of a request and its versions, drafts and batch approval, through their spec §7 calls. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // sign the first test's people in here: its own budget is for the flow, not for three password hashes
  for (const account of ['guoming', 'linxue', 'chenjing']) await f.as(account);
});
afterAll(() => t.close());

const leave = (account = 'guoming', days = 1) => f.start(account, 'leave_request', { days, reason: '测试' });

describe('forms, drafts and batches', () => {
  it('field permissions: a hidden field is not sent, a read-only one cannot change, bad data names its field', async () => {
    const instId = await leave('guoming', 5);
    const leaderTask = await f.taskOf('linxue', instId);
    const leaderView = (
      await t.call('taskDetailBo', { token: await f.as('linxue'), query: { taskId: leaderTask } })
    ).body.value;
    expect(leaderView.permissions).toMatchObject({ days: 'r', reason: 'r', hrNote: 'n' });
    expect(leaderView.form?.formKey).toBe('leave_form');
    expect(leaderView.canHandle).toBe(true);
    expect('hrNote' in leaderView.data).toBe(false);
    const sneaky = await f.handle('linxue', instId, 'agree', { data: { hrNote: '领导写的' } });
    expect(sneaky.status).toBe(400);
    await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
    const hrTask = await f.taskOf('chenjing', instId);
    expect(
      (await t.call('taskDetailBo', { token: await f.as('chenjing'), query: { taskId: hrTask } })).body.value
        .permissions.hrNote,
    ).toBe('w');
    const tooLong = await f.handle('chenjing', instId, 'agree', { data: { hrNote: '长'.repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('字段 人事备注 长度不能超过500');
    await f.handleOk('chenjing', instId, 'agree', { data: { hrNote: '已登记' } });
    expect((await f.instance(instId, 'guoming')).data).not.toHaveProperty('hrNote');
    const badStart = await t.call('startInstance', {
      token: await f.as('guoming'),
      body: { flowKey: 'leave_request', data: { days: 'three' } },
    });
    expect(badStart.status).toBe(400);
    expect(badStart.body.message).toBe('字段 请假天数 类型不正确');
  });

  it('a request keeps the form of the version it started with; a changed form applies to new requests', async () => {
    const deployWithForm = (schema: Record<string, unknown>) =>
      f.deploy({
        bpmnXml: oneTaskBpmn('form_versions', '表单版本', { id: 'Check', name: '核对' }),
        settings: {
          global: { form: { formKey: 'versioned_form' } },
          nodes: { Check: { candidates: [{ type: 'initiator' }] } },
        },
        forms: [{ formKey: 'versioned_form', name: '版本表单', schema }],
      });
    await deployWithForm({ type: 'object', properties: { topic: { type: 'string' } } });
    const before = await f.start('guoming', 'form_versions', { topic: '旧版' });
    await deployWithForm({
      type: 'object',
      properties: { topic: { type: 'string' }, budget: { type: 'number' } },
      required: ['budget'],
    });
    const formOfTask = async (instId: string) =>
      (
        await t.call('taskDetailBo', {
          token: await f.as('guoming'),
          query: { taskId: await f.taskOf('guoming', instId) },
        })
      ).body.value.form?.schema;
    expect(await formOfTask(before)).toEqual({ type: 'object', properties: { topic: { type: 'string' } } });
    await f.handleOk('guoming', before, 'agree');
    expect((await f.instance(before, 'guoming')).status).toBe('end');

    const withoutBudget = await t.call('startInstance', {
      token: await f.as('guoming'),
      body: { flowKey: 'form_versions', data: { topic: '新版' } },
    });
    expect(withoutBudget.status).toBe(400);
    const after = await f.start('guoming', 'form_versions', { topic: '新版', budget: 300 });
    expect(await formOfTask(after)).toMatchObject({ required: ['budget'] });
  });

  it('drafts: saved, listed, changed, started (the draft becomes the request) or deleted', async () => {
    const token = await f.as('luobin');
    const count = async () => (await t.call('getMyDraftCount', { token, body: {} })).body.value;
    const before = await count();
    const saved = (
      await t.call('saveStartDraft', { token, body: { flowKey: 'leave_request', data: { reason: '草稿' } } })
    ).body.value;
    expect(await count()).toBe(before + 1);
    const form = (await t.call('getFormAndBO', { token, body: { draftId: saved.instId } })).body.value;
    expect(form).toMatchObject({ defKey: 'leave_request', draftId: saved.instId, data: { reason: '草稿' } });
    expect(form.buttons.map((b) => b.alias)).toEqual(['startFlow', 'saveDraft']);
    await t.call('saveStartDraft', { token, body: { draftId: saved.instId, data: { days: 2 } } });
    const drafts = (await t.call('myDraft', { token, body: {} })).body.value.rows;
    expect(drafts.find((d) => d.id === saved.instId)?.status).toBe('draft');
    expect(
      (await t.call('myRequest', { token, body: {} })).body.value.rows.some((r) => r.id === saved.instId),
    ).toBe(false);
    expect(
      (await t.call('saveStartDraft', { token: await f.as('heyu'), body: { draftId: saved.instId } })).status,
    ).toBe(404);
    const started = await t.call('startInstance', { token, body: { draftId: saved.instId } });
    expect(started.body.value.instId).toBe(saved.instId);
    expect((await f.instance(saved.instId)).data).toMatchObject({ reason: '草稿', days: 2 });
    expect(await count()).toBe(before);
    const other = (await t.call('saveStartDraft', { token, body: { flowKey: 'expense_claim', data: {} } }))
      .body.value;
    expect((await t.call('removeDraftById', { token, query: { id: other.instId } })).body.state).toBe(true);
    expect(await count()).toBe(before);
  });

  it('a handler’s draft (saveDraft) comes back with the task; the next handlers can be picked where a node allows it', async () => {
    const instId = await f.start('heyu', 'expense_claim', { amount: 120, reason: '打车' });
    const taskId = await f.taskOf('linxue', instId);
    await t.call('saveTaskDraft', { token: await f.as('linxue'), body: { taskId, opinion: '待核对发票' } });
    expect(
      (await t.call('taskDetailBo', { token: await f.as('linxue'), query: { taskId } })).body.value.draft,
    ).toEqual({
      data: {},
      opinion: '待核对发票',
    });
    const next = (await t.call('getAfterJumpNodes', { token: await f.as('linxue'), body: { taskId } })).body
      .value;
    expect(next).toEqual([
      expect.objectContaining({
        nodeId: 'Cashier',
        selectUsers: true,
        candidates: [{ id: expect.any(String), fullname: '周强' }],
      }),
    ]);
    const wrong = await f.handle('linxue', instId, 'agree', {
      nodeUsers: { Cashier: [await f.userId('heyu')] },
    });
    expect(wrong.status).toBe(400);
    const notPickable = await f.handle('linxue', instId, 'agree', {
      nodeUsers: { FinanceCountersign: [await f.userId('zhaolei')] },
    });
    expect(notPickable.status).toBe(400);
    await f.handleOk('linxue', instId, 'agree', { nodeUsers: { Cashier: [next[0]!.candidates[0]!.id] } });
    expect(await f.todoOf('zhouqiang', instId)).toHaveLength(1);
  });

  it('batch approval needs the method flow:batchApprove (spec §6): without it → 403 and nothing is handled', async () => {
    const id = await leave();
    const task = await f.taskOf('linxue', id);
    const refused = await t.call('batchHandle', {
      token: await f.as('zhuting'),
      body: { taskIds: [task], opinion: '同意' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限执行此操作');
    expect((await f.instance(id)).status).not.toBe('end');
    expect(await f.taskOf('linxue', id)).toBe(task);
  });

  it('batch approval filters out what cannot be approved unopened, and approves the rest', async () => {
    // large expense claims go on to the finance countersign: their manager may approve them unopened
    const claim = () => f.start('guoming', 'expense_claim', { amount: 12000, reason: '批量' });
    const ids = [await claim(), await claim(), await claim()];
    const tasks = await Promise.all(ids.map((id) => f.taskOf('linxue', id)));
    const other = await f.taskOf('hujun', await leave('zhuting'));
    // the leave request's leader must sign 领导签字 first: its form is incomplete until then
    const leaveId = await leave();
    const unsigned = await f.taskOf('linxue', leaveId);
    const filtered = (
      await t.call('filterUnBatchable', {
        token: await f.as('linxue'),
        query: { taskIds: [...tasks, other, unsigned].join(',') },
      })
    ).body.value;
    expect(filtered.batchable).toEqual(tasks);
    expect(filtered.unbatchable).toEqual([
      { taskId: other, reason: 'notFound', message: '不是您的待办' },
      { taskId: unsigned, reason: 'formIncomplete', message: '表单有必填项未填写' },
    ]);
    const results = (
      await t.call('batchHandle', {
        token: await f.as('linxue'),
        body: { taskIds: [...tasks, other, unsigned], opinion: '同意' },
      })
    ).body.value;
    expect(results.filter((r) => r.ok).map((r) => r.taskId)).toEqual(tasks);
    expect(results.find((r) => r.taskId === other)).toEqual({
      taskId: other,
      ok: false,
      message: '不是您的待办',
    });
    for (const id of ids) expect((await f.trail(id)).at(-1)).toEqual(['直属领导审批', 'agree']);
    expect(await f.taskOf('linxue', leaveId)).toBe(unsigned);
  });
});
