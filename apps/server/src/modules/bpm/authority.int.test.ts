import { routes, type RouteName } from '@eip/contracts';
import { bpmInstanceRoutes, bpmTaskRoutes } from '@eip/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { rowCounts } from '../../../test/row-counts.js';

/**
 * Every runtime endpoint (task runtime and instances, spec §7) called with real ids by someone who has no
 * right to the task or instance — a colleague of the same tenant and a user of another tenant: each
 * answers 403 or 404, lists show nothing of it, and nothing in the database changes.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let ids: {
  instId: string;
  taskId: string;
  doneTaskId: string;
  noticeId: string;
  draftId: string;
  defId: string;
  /** a contract record and the request guoming started from it */
  record: { businessKey: string; boAlias: string; templateAlias: string };
  recordInstId: string;
};

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  const instId = await f.start('guoming', 'leave_request', { days: 5, reason: '权限' });
  const doneTaskId = await f.taskOf('linxue', instId);
  await f.handleOk('linxue', instId, 'agree', { data: await f.leaderSigned('linxue') });
  const taskId = await f.taskOf('chenjing', instId);
  await t.call('transToMore', {
    token: await f.as('guoming'),
    body: { instId, userIds: [await f.userId('zhuting')] },
  });
  const noticeId = (
    await t.call('getNoticeTodoReadList', { token: await f.as('zhuting'), body: {} })
  ).body.value.rows.find((n) => n.procInstId === instId)!.id;
  const draftId = (
    await t.call('saveStartDraft', {
      token: await f.as('guoming'),
      body: { flowKey: 'leave_request', data: {} },
    })
  ).body.value.instId;
  const { defId } = await f.instance(instId);
  const contracts = await t.call('templateDataList', {
    token: await f.as('guoming'),
    params: { alias: 'contract' },
    body: {},
  });
  const record = {
    businessKey: contracts.body.value.rows[0]!.id,
    boAlias: 'contract',
    templateAlias: 'contract',
  };
  const recordInstId = await f.start('guoming', 'contract_review', { party: '权限' }, record);
  ids = { instId, taskId, doneTaskId, noticeId, draftId, defId, record, recordInstId };
});
afterAll(() => t.close());

type Call = { query?: Record<string, unknown>; body?: unknown };

/** A call of each route aimed at the test's instance, task, notice or draft. */
const aimed = (name: RouteName, userId: string): Call | 'list' => {
  const { instId, taskId, doneTaskId, noticeId, draftId, defId, record } = ids;
  const task = { taskId };
  const calls: Partial<Record<RouteName, Call | 'list'>> = {
    getTodoList: 'list',
    getTodoCount: 'list',
    getTodoCard: 'list',
    getTodoCardCount: 'list',
    getLeaderTodoList: 'list',
    getLeaderTodoCount: 'list',
    getLeaderTodoCard: 'list',
    getDelegate: 'list',
    getDelegateCount: 'list',
    getNoticeTodoReadList: 'list',
    getNoticeDoneReadList: 'list',
    getMyNoticeReadList: 'list',
    getNoticeTodoReadCount: 'list',
    getMyNoticeReadCount: 'list',
    getDoneInstList: 'list',
    getDoneInstCount: 'list',
    getDoneList: 'list',
    myRequest: 'list',
    myRequestCount: 'list',
    myDraft: 'list',
    getMyDraftCount: 'list',
    getUrgentStateConf: 'list',
    getNotice: { query: { id: noticeId } },
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
    noticeTurnDode: { body: { ids: [noticeId] } },
    addReadRecord: { body: task },
    delBpmTaskNoticeById: { body: { ids: [noticeId] } },
    retrieveBpmTask: { query: { taskId: doneTaskId } },
    lockUnlock: { query: task },
    taskDelayById: { query: { taskId, amount: '1', unit: 'day' } },
    taskDetailBo: { query: task },
    getButtonsBytaskId: { query: task },
    checkTaskAuth: { query: task },
    taskToReject: { query: task },
    canLock: { query: task },
    filterUnBatchable: { query: { taskIds: taskId } },
    getCandidatesListByTaskId: { query: task },
    getAfterJumpNodes: { body: task },
    routePreview: { body: task },
    getNodeCandidatePage: { body: { taskId, nodeId: 'HrCountersign' } },
    taskSignUsers: { body: task },
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
    getFormAndBO: { body: { draftId } },
    getInstFormAndBO: { query: { instId } },
    getInstanceByInstId: { query: { instId } },
    getBpmTaskByInstId: { query: { instId } },
    instanceFlowOpinions: { query: { instId } },
    getNodeOpinions: { query: { instId, nodeIds: 'LeaderApproval' } },
    nodeOpinion: { query: { instId, nodeId: 'LeaderApproval' } },
    instanceFlowImage: { query: { instId } },
    getSubInstanceList: { query: { parentInstId: instId, nodeId: 'LeaderApproval' } },
    getSubDefId: { query: { parentInstId: instId, nodeId: 'LeaderApproval' } },
    getUrgrntById: { body: { id: instId } },
    verifySignatures: { query: { instId } },
    instanceDetail: { body: { instId } },
    getMyRequestTask: 'list',
    isEnd: { body: task },
    nextTask: { query: task },
    nextExecutor: { query: task },
    taskNode: { query: task },
    taskIsFirstNode: { query: task },
    getCurNodeProperties: { query: task },
    taskNodeOpinion: { query: task },
    removeTasks: { query: { ids: taskId } },
    getHasAuthFlowList: 'list',
    getInstanceByPks: { body: { ids: [instId] } },
    getBpmImage: { query: { instId } },
    getDefStatus: { query: { defId } },
    getFlowKey: { query: { defId } },
    doEndProcessById: { query: { id: instId } },
    getSponsorRevokeByInstId: { query: { instId } },
    getRelatedInformationById: { query: { id: instId } },
    getInstance: { query: { id: instId } },
    getOpinionsById: { query: { id: instId } },
    removeInstances: { query: { ids: instId } },
    instRemove: { query: { ids: instId } },
    doNextCopyto: { body: { taskId, userIds: [userId] } },
    getByRecordInstId: { body: { querys: [{ property: 'procInstId', value: instId }] } },
    startForm: { query: { ...record, defKey: 'contract_review' } },
    getRecordRequests: { query: record },
  };
  const call = calls[name];
  if (!call) throw new Error(`add ${name} to the authority sweep`);
  return call;
};

// the signatures of an instance (issue 13) are its runtime data too
const runtimeRoutes = [
  ...Object.keys(bpmTaskRoutes),
  ...Object.keys(bpmInstanceRoutes),
  'verifySignatures',
] as RouteName[];

describe.each([
  ['a colleague with no part in it', 'xiena', undefined],
  ['a user of another tenant', 'alice', 'acme'],
] as const)('every runtime endpoint, called by %s', (_who, account, tenantCode) => {
  it('answers 403 or 404 for the instance and its task, lists nothing of it, and changes nothing', async () => {
    const tenantId = tenantCode
      ? (await t.call('getTenantByCode', { query: { code: tenantCode } })).body.value.id
      : undefined;
    const token = await f.as(account, tenantId);
    const userId = (await t.call('getDetailByAccountOrId', { token, body: {} })).body.value.user.id;
    const before = await rowCounts(t.database.db);
    for (const name of runtimeRoutes) {
      const call = aimed(name, userId);
      const { status, body } = await t.call(name, {
        token,
        ...(call === 'list' ? { body: routes[name].method === 'GET' ? undefined : {} } : call),
      });
      if (call === 'list') {
        expect(status, name).toBe(200);
        expect(JSON.stringify(body.value), name).not.toContain(ids.instId);
        continue;
      }
      if (name === 'getInstanceByPks') {
        // the instances the caller may not see are left out of the answer
        expect(body.value, name).toEqual([]);
      } else if (name === 'getDefStatus' || name === 'getFlowKey' || name === 'startForm') {
        // a definition (and a record of a template open to all) is the tenant's: its colleagues read it,
        // another tenant gets 404
        expect(status, name).toBe(tenantCode ? 404 : 200);
      } else if (name === 'getRecordRequests' && !tenantCode) {
        // the record is readable to the colleague, the request started from it is not
        expect(body.value, name).toEqual([]);
      } else if (name === 'filterUnBatchable') {
        expect(body.value, name).toEqual({
          batchable: [],
          unbatchable: [expect.objectContaining({ taskId: ids.taskId, reason: 'notFound' })],
        });
      } else if (name === 'batchHandle' && status === 200) {
        // a holder of flow:batchApprove gets the task refused; anyone else is refused the call (403)
        expect(body.value, name).toEqual([expect.objectContaining({ taskId: ids.taskId, ok: false })]);
      } else {
        expect([403, 404], `${name} answered ${status}: ${body.message}`).toContain(status);
        expect(body.state, name).toBe(false);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
