import { translate } from '../../i18n/messages.js';
import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { answerQuestion } from './engine/ask.js';
import {
  circulate,
  copyTo,
  retryServiceCall,
  setSuspended,
  terminateInstance,
  urgentLevels,
  urgeInstance,
} from './engine/control.js';
import { removeDraft, saveStartDraft, startInstance } from './engine/start.js';
import { newProcess } from '../bpm-personal/start-flow.service.js';
import { markRetrievable, revokeInstance } from './engine/withdraw.js';
import * as calls from './instance-calls.service.js';
import * as lists from './lists.repository.js';
import * as query from './query.service.js';
import { recordRequests, recordStartForm } from './record-start.service.js';
import * as repo from './runtime.repository.js';
import { readerOf } from './shared-request.js';
import { visibleInstance } from './visibility.js';

export const instanceHandlers = ({ db }: Services) =>
  defineHandlers({
    startInstance: async ({ body }, { auth, lang }) => startInstance(db, auth, lang, body),
    saveStartDraft: async ({ body }, { auth, lang }) => saveStartDraft(db, auth, lang, body),
    removeDraftById: async ({ query: q }, { auth }) => removeDraft(db, auth, q.id),
    doEndProcess: async ({ body }, { auth }) => terminateInstance(db, auth, body),
    doNextcommu: async ({ body }, { auth }) => answerQuestion(db, auth, 'COMMU', body),
    revokeInstance: async ({ body }, { auth }) => revokeInstance(db, auth, body),
    sendBpmTaskUrgent: async ({ body }, { auth }) => urgeInstance(db, auth, body),
    transToMore: async ({ body }, { auth }) => circulate(db, auth, body),
    doNextCopyto: async ({ body }, { auth, audit }) => {
      audit.target = `taskId=${body.taskId}`;
      return copyTo(db, auth, body);
    },
    retryServiceCall: async ({ body }, { auth }) => retryServiceCall(db, auth, body),
    hangUpInstance: async ({ query: q }, { auth }) => setSuspended(db, auth, q, true),
    cancelHangUpInstance: async ({ query: q }, { auth }) => setSuspended(db, auth, q, false),

    getFormAndBO: async ({ body }, { auth, lang }) => query.startForm(db, auth, lang, body),
    startForm: async ({ query: q }, { auth, lang }) => recordStartForm(db, auth, lang, q),
    getRecordRequests: async ({ query: q }, { auth }) => recordRequests(db, auth, q),
    // 分享: a guest of a shared request reads it as its sharer (shared-request.ts), never as a secretary
    getInstFormAndBO: async ({ query: q }, { auth }) => {
      const { reader, leaderId } = await readerOf(db, auth, q);
      return query.instanceForm(db, reader, q.instId, leaderId);
    },
    getInstanceByInstId: async ({ query: q }, { auth }) => query.instanceWithData(db, auth, q.instId),
    getDoneInstList: async ({ query: q, body }, { auth }) =>
      lists.doneInstances(db, auth.tenantId, auth.userId, body, q.status === '1'),
    getDoneInstCount: async (_input, { auth }) => lists.doneInstanceCount(db, auth.tenantId, auth.userId),
    getDoneList: async ({ query: q, body }, { auth }) => {
      const page = await lists.doneTasks(db, auth.tenantId, auth.userId, body, q.isCheckRevoke === 'true');
      return { ...page, rows: await markRetrievable(db, auth, page.rows) };
    },
    myRequest: async ({ body }, { auth }) =>
      lists.ownInstances(db, auth.tenantId, auth.userId, body, 'requests'),
    myRequestCount: async (_input, { auth }) =>
      lists.ownInstanceCount(db, auth.tenantId, auth.userId, 'requests'),
    myDraft: async ({ body }, { auth }) => lists.ownInstances(db, auth.tenantId, auth.userId, body, 'drafts'),
    getMyDraftCount: async (_input, { auth }) =>
      lists.ownInstanceCount(db, auth.tenantId, auth.userId, 'drafts'),
    getBpmTaskByInstId: async ({ query: q }, { auth }) => {
      const instance = await visibleInstance(db, auth, q.instId);
      return (await repo.openTasksOf(db, auth.tenantId, instance.id)).map((task) =>
        lists.taskRowOf(task, { instStatus: instance.status, suspended: instance.suspended }),
      );
    },
    instanceFlowOpinions: async ({ query: q }, { auth, lang }) => {
      const { reader, leaderId } = await readerOf(db, auth, q);
      return query.instanceOpinions(db, reader, lang, q.instId, leaderId);
    },
    getNodeOpinions: async ({ query: q }, { auth, lang }) =>
      query.nodeOpinions(db, auth, lang, {
        instId: q.instId,
        nodeIds: q.nodeIds.split(','),
        isDerive: q.isDerive === 'true',
      }),
    nodeOpinion: async ({ query: q }, { auth, lang }) => query.nodeDetail(db, auth, lang, q),
    instanceFlowImage: async ({ query: q }, { auth }) => query.flowImage(db, auth, q),
    getSubInstanceList: async ({ query: q }, { auth }) => query.subInstances(db, auth, q),
    getSubDefId: async ({ query: q }, { auth }) => query.subDefId(db, auth, q),
    getUrgentStateConf: async (_input, { lang }) =>
      urgentLevels().map((level) => ({ ...level, name: translate(lang, `flow.urgent.${level.value}`) })),
    getUrgrntById: async ({ body }, { auth, lang }) => query.instanceUrgents(db, auth, lang, body.id),

    getHasAuthFlowList: async ({ body }, { auth }) => newProcess(db, auth, body),
    getByRecordInstId: async ({ body }, { auth }) => calls.readRecords(db, auth, body),
    getInstanceByPks: async ({ body }, { auth }) => calls.instancesByIds(db, auth, body.ids),
    getBpmImage: async ({ query: q }, { auth }) => calls.bpmImage(db, auth, q),
    getDefStatus: async ({ query: q }, { auth }) => calls.definitionStatus(db, auth, q.defId),
    doEndProcessById: async ({ query: q }, { auth, audit }) => {
      audit.target = `instId=${q.id}`;
      return terminateInstance(db, auth, { instId: q.id, opinion: q.reason });
    },
    getSponsorRevokeByInstId: async ({ query: q }, { auth }) => calls.sponsorMayRevoke(db, auth, q.instId),
    getRelatedInformationById: async ({ query: q }, { auth }) => calls.relatedInformation(db, auth, q.id),
    getInstance: async ({ query: q }, { auth }) => calls.instanceById(db, auth, q.id),
    getFlowKey: async ({ query: q }, { auth }) => calls.flowKeyOf(db, auth, q.defId),
    getOpinionsById: async ({ query: q }, { auth, lang }) => calls.opinionsById(db, auth, lang, q.id),
    removeInstances: async ({ query: q }, { auth, audit }) => {
      audit.target = `ids=${q.ids}`;
      return changed(audit, await calls.removeInstances(db, auth, q.ids.split(',')));
    },
    instRemove: async ({ query: q }, { auth, audit }) => {
      audit.target = `ids=${q.ids}`;
      return changed(audit, await calls.removeInstances(db, auth, q.ids.split(',')));
    },
  });
