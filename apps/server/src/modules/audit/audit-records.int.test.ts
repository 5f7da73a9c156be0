import { routes, type RouteName } from '@eip/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId } from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';
import { uploadFile } from '../../../test/upload.js';
import { auditLog } from '../../db/schema.js';
import { READ_REFUSED } from '../../http/register.js';
import { readDemoFlow } from '../../seed/flows.js';

/**
 * What each audit record says (issue 14): the ids of what the call acted on, `noop` for a removal that
 * removed nothing, and a record of each read of a named object that was refused.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let ids: { instId: string; taskId: string; draftId: string; defId: string; fileId: string };

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  const instId = await f.start('guoming', 'leave_request', { days: 3, reason: '审计' });
  const taskId = await f.taskOf('linxue', instId);
  const draftId = (
    await t.call('saveStartDraft', {
      token: await f.as('guoming'),
      body: { flowKey: 'leave_request', data: {} },
    })
  ).body.value.instId;
  const { defId } = await f.instance(instId);
  const file = await uploadFile(t, await f.as('guoming'), '审计.txt', '内容');
  ids = { instId, taskId, draftId, defId, fileId: file.body.value.fileId };
});
afterAll(() => t.close());

/** The audit records of some calls, by the request id each answer carries. */
async function recordsOf(answers: { response: { headers: Record<string, unknown> } }[]) {
  const requestIds = answers.map((answer) => answer.response.headers['x-request-id'] as string);
  const rows = await t.database.db.select().from(auditLog).where(inArray(auditLog.requestId, requestIds));
  const byRequest = new Map(rows.map((row) => [row.requestId, row]));
  return requestIds.map((id) => byRequest.get(id));
}

type Call = { as?: string; query?: Record<string, unknown>; body?: unknown };

/** A call of each audited approval route, aimed at the test's instance, task, draft, definition or file. */
function aimed(name: RouteName, userId: string): Call {
  const { instId, taskId, draftId, fileId } = ids;
  const task = { taskId };
  const leave = readDemoFlow('leave-request');
  const calls: Partial<Record<RouteName, Call>> = {
    deployDefinition: {
      as: 'admin',
      body: { bpmnXml: leave.bpmnXml.replaceAll('leave_request', 'audit_copy'), settings: leave.settings },
    },
    saveAgent: {
      body: {
        agentId: userId,
        startTime: '2026-01-01 00:00:00',
        endTime: '2026-01-02 00:00:00',
        scope: 'all',
      },
    },
    removeAgents: { query: { ids: taskId } },
    saveApprovalItem: { body: { expression: '同意', defKey: 'leave_request' } },
    removeApprovalItems: { query: { ids: taskId } },
    saveSecretary: { body: { secretaryId: userId } },
    removeSecretaries: { query: { ids: taskId } },
    customAddCommonFlow: { body: { defKeys: ['leave_request'] } },
    batchRemoveCommonFlow: { query: { defKeys: 'leave_request' } },
    collect: { body: { targetType: 'instance', targetId: instId } },
    cancelCollect: { body: { targetType: 'instance', targetId: instId } },
    saveTaskFollow: { body: { instId, nodeIds: ['LeaderApproval'] } },
    printLog: { body: { instId } },
    completeTask: { body: { taskId, actionName: 'agree' } },
    saveTaskDraft: { body: { taskId, opinion: 'x' } },
    batchHandle: { body: { taskIds: [taskId] } },
    delegateTask: { body: { taskId, userId } },
    taskToTrans: { body: { taskId, userIds: [userId] } },
    communicate: { body: { taskId, userIds: [userId] } },
    taskToInqu: { body: { taskId, userIds: [userId], opinion: 'x' } },
    taskToInquReply: { body: task },
    userTaskToSign: { body: { taskId, userIds: [userId], position: 'before', mode: 'parallel' } },
    userAddSignFeedback: { body: task },
    noticeTurnDode: { body: { ids: [taskId] } },
    addReadRecord: { body: task },
    delBpmTaskNoticeById: { body: { ids: [taskId] } },
    retrieveBpmTask: { query: task },
    lockUnlock: { query: task },
    taskDelayById: { query: { taskId, amount: '1', unit: 'day' } },
    removeTasks: { query: { ids: taskId } },
    startInstance: { body: { draftId } },
    saveStartDraft: { body: { draftId, data: {} } },
    removeDraftById: { query: { id: draftId } },
    doEndProcess: { body: { instId } },
    doNextcommu: { body: task },
    revokeInstance: { body: { instId } },
    sendBpmTaskUrgent: { body: { instId, urgentStateValue: 'urgent' } },
    transToMore: { body: { instId, userIds: [userId] } },
    retryServiceCall: { body: { instId, nodeId: 'LeaderApproval' } },
    hangUpInstance: { query: { instId } },
    cancelHangUpInstance: { query: { instId } },
    doEndProcessById: { query: { id: instId } },
    removeInstances: { query: { ids: instId } },
    instRemove: { query: { ids: instId } },
    doNextCopyto: { body: { taskId, userIds: [userId] } },
    taskToDishOut: { body: { instId, userIds: [userId] } },
    remindDishOut: { query: { dishId: taskId } },
    updateQsandRead: { body: { dishId: taskId } },
    taskToDecument: { body: { instId } },
    updateFileExtraProp: { body: [{ fileId, fileName: '改名.txt' }] },
    wordPrint: { body: { instId, format: 'docx' } },
  };
  const call = calls[name];
  if (!call) throw new Error(`add ${name} to the audit target sweep`);
  return call;
}

/** The audited routes of approvals: flows, tasks, instances, definitions, the personal settings of approval, and files. */
const approvalRoutes = (Object.keys(routes) as RouteName[]).filter((name) => {
  const info = routes[name] as { group: string; audit?: string; kind?: string; path: string };
  if (!info.audit || info.kind === 'upload') return false;
  return info.group.startsWith('bpm-') || info.path.startsWith('system/file') || name === 'wordPrint';
});

describe('an audit record names what the call acted on', () => {
  it('every audited approval route records the ids it was called with, or those of what it made', async () => {
    const stranger = await f.as('xiena');
    const userId = await f.userId('xiena');
    const sent = approvalRoutes.map((name) => ({ name, call: aimed(name, userId) }));
    const answers = [];
    for (const { name, call } of sent) {
      answers.push(
        await t.call(name, {
          token: call.as ? await f.as(call.as) : stranger,
          query: call.query,
          body: call.body,
        }),
      );
    }
    const records = await recordsOf(answers);
    sent.forEach(({ name, call }, i) => {
      const record = records[i];
      expect(record, `${name} left a record`).toBeDefined();
      expect(record!.target, `${name} (${record!.result}) names its target`).toBeTruthy();
      const named = Object.values(ids).filter((id) => JSON.stringify(call).includes(id));
      for (const id of named) expect(record!.target, name).toContain(id);
    });
    expect(sent.length).toBeGreaterThan(40);
  });

  it('a creation records the id of what it made; an upload its file', async () => {
    const token = await f.as('zhuting');
    const made = await t.call('saveApprovalItem', { token, body: { expression: '新短语' } });
    const [item] = await recordsOf([made]);
    expect(item).toMatchObject({ result: 'success', target: `id=${made.body.value.id}` });
    const { fileId } = (await uploadFile(t, token, 'a.txt', 'a')).body.value;
    const uploads = await t.database.db
      .select({ result: auditLog.result })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.upload'), eq(auditLog.target, `fileId=${fileId}`)));
    expect(uploads).toEqual([{ result: 'success' }]);
  });
});

describe('a call that changed nothing is recorded as noop', () => {
  it('a removal of ids that are gone is noop, one that removed something success; the outcome filter finds them', async () => {
    const token = await f.as('zhuting');
    const { id } = (await t.call('saveApprovalItem', { token, body: { expression: '将删除' } })).body.value;
    const removed = await t.call('removeApprovalItems', { token, query: { ids: id } });
    const again = await t.call('removeApprovalItems', { token, query: { ids: id } });
    const notCollected = await t.call('cancelCollect', {
      token,
      body: { targetType: 'flow', targetId: 'leave_request' },
    });
    expect([removed.body.value, again.body.value, notCollected.body.value]).toEqual([1, 0, false]);
    const records = await recordsOf([removed, again, notCollected]);
    expect(records.map((record) => [record!.result, record!.target])).toEqual([
      ['success', `ids=${id}`],
      ['noop', `ids=${id}`],
      ['noop', 'flow=leave_request'],
    ]);

    const admin = await f.as('admin');
    const noops = await t.call('listAuditLog', {
      token: admin,
      body: {
        querys: [
          { property: 'account', value: 'zhuting', operation: 'EQUAL' },
          { property: 'outcome', value: 'noop', operation: 'EQUAL' },
        ],
      },
    });
    expect(noops.body.code, noops.body.message).toBe(200);
    expect(noops.body.value.rows.map((row) => [row.action, row.outcome, row.failureCode])).toEqual([
      ['collect.cancel', 'noop', null],
      ['approvalItem.remove', 'noop', null],
    ]);
  });
});

describe('a refused read of a named object is recorded', () => {
  const refusedReads = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, READ_REFUSED), eq(auditLog.account, 'alice')));

  it('reads of another tenant’s task, instance, definition and file leave read.refused with the route and the id', async () => {
    const alice = await f.as('alice', await acmeTenantId(t));
    const { instId, taskId, defId, fileId } = ids;
    const reads = [
      await t.call('taskDetailBo', { token: alice, query: { taskId } }),
      await t.call('getInstanceByInstId', { token: alice, query: { instId } }),
      await t.call('getDefStatus', { token: alice, query: { defId } }),
      await t.call('getFileInfo', { token: alice, params: { id: fileId } }),
      await t.call('downloadFile', { token: alice, query: { fileId } }),
    ];
    for (const read of reads) expect([403, 404]).toContain(read.status);
    const records = await recordsOf(reads);
    expect(records.map((record) => [record?.action, record?.result, record?.target])).toEqual([
      [
        READ_REFUSED,
        `failure:${reads[0]!.status}`,
        `bpm-runtime/${routes.taskDetailBo.path} taskId=${taskId}`,
      ],
      [
        READ_REFUSED,
        `failure:${reads[1]!.status}`,
        `bpm-runtime/${routes.getInstanceByInstId.path} instId=${instId}`,
      ],
      [READ_REFUSED, `failure:${reads[2]!.status}`, `bpm-runtime/${routes.getDefStatus.path} defId=${defId}`],
      [READ_REFUSED, `failure:${reads[3]!.status}`, `portal/${routes.getFileInfo.path} id=${fileId}`],
      [READ_REFUSED, `failure:${reads[4]!.status}`, `portal/${routes.downloadFile.path} fileId=${fileId}`],
    ]);
    expect(records.every((record) => record!.tenantId !== null && record!.userId !== null)).toBe(true);
  });

  it('a colleague refused a task (403 or 404) is recorded too; allowed reads, lists and bad input leave nothing', async () => {
    const before = (await refusedReads()).length;
    const stranger = await f.as('xiena');
    const refused = await t.call('taskDetailBo', { token: stranger, query: { taskId: ids.taskId } });
    expect([403, 404]).toContain(refused.status);
    expect((await recordsOf([refused]))[0]).toMatchObject({ action: READ_REFUSED, account: 'xiena' });

    const alice = await f.as('alice', await acmeTenantId(t));
    const ordinary = [
      await t.call('getInstanceByInstId', { token: await f.as('guoming'), query: { instId: ids.instId } }),
      await t.call('getTodoCardCount', { token: alice }),
      await t.call('getDefStatus', { token: alice, query: { defId: '' } }),
    ];
    expect(ordinary.map((read) => read.status)).toEqual([200, 200, 400]);
    expect(await recordsOf(ordinary)).toEqual([undefined, undefined, undefined]);
    expect((await refusedReads()).length).toBe(before);
  });

  it('a caller probing ids on one route is recorded once a minute, not once a call', async () => {
    const alice = await f.as('alice', await acmeTenantId(t));
    const before = (await refusedReads()).length;
    for (let i = 0; i < 5; i++) {
      const probe = await t.call('getDefStatus', { token: alice, query: { defId: `probe-${i}` } });
      expect(probe.status).toBe(404);
    }
    expect((await refusedReads()).length - before).toBeLessThanOrEqual(1);
  });
});
