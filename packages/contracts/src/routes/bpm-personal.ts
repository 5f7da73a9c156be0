import { route } from './route.js';

/**
 * The approval centre's personal settings and flow catalogue (spec §7 "Approval items, agents,
 * secretaries, definitions" and the instance calls of the start page): agents, secretaries, approval
 * phrases, collections, common and often flows, flow types, definitions and start rights, task follow,
 * print template, print log and watermark.
 */
export const bpmPersonalRoutes = {
  saveAgent: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/agent/v1/save',
    access: 'user',
    audit: 'agent.save',
  }),
  listAgents: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/agent/v1/listJson',
    access: 'user',
  }),
  getAgent: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/agent/v1/agentGet',
    access: 'user',
  }),
  removeAgents: route({
    method: 'DELETE',
    group: 'bpm-model',
    path: 'flow/agent/v1/remove',
    access: 'user',
    audit: 'agent.remove',
  }),

  listSecretaries: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'runtime/bpmSecretaryManage/v1/list',
    access: 'user',
  }),
  saveSecretary: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'runtime/bpmSecretaryManage/v1/save',
    access: 'user',
    audit: 'secretary.save',
  }),
  getSecretary: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'runtime/bpmSecretaryManage/v1/get/{id}',
    access: 'user',
  }),
  removeSecretaries: route({
    method: 'DELETE',
    group: 'bpm-runtime',
    path: 'runtime/bpmSecretaryManage/v1/removes',
    access: 'user',
    audit: 'secretary.remove',
  }),

  saveApprovalItem: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/approvalItem/v1/save',
    access: 'user',
    audit: 'approvalItem.save',
  }),
  listApprovalItems: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/approvalItem/v1/listJson',
    access: 'user',
  }),
  removeApprovalItems: route({
    method: 'DELETE',
    group: 'bpm-model',
    path: 'flow/approvalItem/v1/remove',
    access: 'user',
    audit: 'approvalItem.remove',
  }),
  getApprovalByDefKeyAndTypeId: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/approvalItem/v1/getApprovalByDefKeyAndTypeId',
    access: 'user',
  }),

  getTypesByKey: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysType/v1/getTypesByKey',
    access: 'user',
  }),
  queryDefinitions: route({
    method: 'POST',
    group: 'bpm-model',
    path: 'flow/def/v1/query',
    access: 'user',
  }),
  defGet: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/def/v1/defGet',
    access: 'user',
  }),
  getMainByDefIdOrKey: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/def/v1/getMainByDefIdOrKey',
    access: 'user',
  }),
  getDefDesignByDefId: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/def/v1/getDefDesignByDefId',
    access: 'user',
  }),
  flowHasStartRights: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/def/v1/flowHasStartRights',
    access: 'user',
  }),
  getStartRight: route({
    method: 'GET',
    group: 'bpm-model',
    path: 'flow/defAuthorize/v1/startRight',
    access: 'user',
  }),

  newProcess: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'instance/v1/newProcess',
    access: 'user',
  }),
  newProcessCount: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'instance/v1/newProcessCount',
    access: 'user',
  }),
  newProcessCard: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'instance/v1/newProcessCard',
    access: 'user',
  }),
  getMyCommonFlow: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmMobileCategory/v1/getMyCommonFlow',
    access: 'user',
  }),
  customAddCommonFlow: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmMobileCategory/v1/customAddCommonFlow',
    access: 'user',
    audit: 'commonFlow.add',
  }),
  batchRemoveCommonFlow: route({
    method: 'DELETE',
    group: 'bpm-runtime',
    path: 'bpmMobileCategory/v1/batchRemove',
    access: 'user',
    audit: 'commonFlow.remove',
  }),
  saveMyOftenFlow: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmOftenFlow/v1/saveMyOftenFlow',
    access: 'user',
  }),
  getMyOftenFlow: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'instance/v1/getMyOftenFlow',
    access: 'user',
  }),

  myCollect: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmFlowCollect/v1/myCollect',
    access: 'user',
  }),
  myCollectCount: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmFlowCollect/v1/myCollectCount',
    access: 'user',
  }),
  collect: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmFlowCollect/v1/collect',
    access: 'user',
    audit: 'collect.add',
  }),
  cancelCollect: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmFlowCollect/v1/cancel',
    access: 'user',
    audit: 'collect.cancel',
  }),

  saveTaskFollow: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'taskFollow/v1/save',
    access: 'user',
    audit: 'taskFollow.save',
  }),
  getFollowedNode: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'taskFollow/v1/getFollowedNode',
    access: 'user',
  }),

  printLog: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmPrintRecord/v1/printLog',
    access: 'user',
    audit: 'print.log',
  }),
  getPrintRecordsByInstId: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'bpmPrintRecord/v1/getByProInstId',
    access: 'user',
  }),
  queryPrintRecords: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'bpmPrintRecord/v1/query',
    access: 'user',
  }),
  getGlobalPrintTemplate: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'wordPrint/v1/getGlobalPrintTemplate',
    access: 'user',
  }),
  getWatermark: route({
    method: 'GET',
    group: 'bpm-runtime',
    path: 'bpmWatermark/v1/getByInstId',
    access: 'user',
    guest: true,
  }),
};
