import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as service from './bpm.service.js';
import { listMainDefinitions } from './definition.repository.js';
import { deployDefinition } from './definitions.js';
import { completeTask, retrieveTask, revokeInstance, startInstance } from './engine.js';
import * as lists from './lists.repository.js';

const toDefinition = (d: {
  id: string;
  defKey: string;
  name: string;
  version: number;
  flowType: string | null;
  createdAt: Date;
}) => ({
  id: d.id,
  defKey: d.defKey,
  name: d.name,
  version: d.version,
  flowType: d.flowType,
  createTime: d.createdAt.toISOString(),
});

export const bpmHandlers = ({ db }: Services) =>
  defineHandlers({
    deployDefinition: async ({ body }, { auth }) => {
      await service.requireAdmin(db, auth);
      return toDefinition(await deployDefinition(db, auth.tenantId, { ...body, createdBy: auth.userId }));
    },
    listDefinitions: async (_input, { auth }) => {
      const rows = (await listMainDefinitions(db, auth.tenantId)).map(toDefinition);
      return { rows, total: rows.length, page: 1, pageSize: rows.length };
    },
    startInstance: async ({ body }, { auth }) => startInstance(db, auth, body),
    completeTask: async ({ body }, { auth }) => completeTask(db, auth, body),
    revokeInstance: async ({ body }, { auth }) => revokeInstance(db, auth, body),
    retrieveBpmTask: async ({ query }, { auth }) => retrieveTask(db, auth, query),
    getTodoList: async ({ body }, { auth }) => lists.todoList(db, auth.tenantId, auth.userId, body),
    getTodoCount: async (_input, { auth }) => lists.todoCount(db, auth.tenantId, auth.userId),
    getDoneInstList: async ({ body }, { auth }) => lists.doneInstances(db, auth.tenantId, auth.userId, body),
    myRequest: async ({ body }, { auth }) => lists.myRequests(db, auth.tenantId, auth.userId, body),
    getInstanceByInstId: async ({ query }, { auth }) => {
      const i = await service.visibleInstance(db, auth, query.instId);
      return {
        id: i.id,
        defId: i.defId,
        subject: i.subject,
        procDefKey: i.defKey,
        procDefName: i.defName,
        status: i.status,
        creatorId: i.initiatorId,
        creator: i.initiatorName,
        createTime: i.createdAt.toISOString(),
        endTime: i.endAt ? i.endAt.toISOString() : null,
        data: i.data as Record<string, unknown>,
      };
    },
    instanceFlowOpinions: async ({ query }, { auth }) => service.instanceOpinions(db, auth, query.instId),
    instanceFlowImage: async ({ query }, { auth }) => service.flowImage(db, auth, query),
    getButtonsBytaskId: async ({ query }, { auth }) => service.taskButtons(db, auth, query.taskId),
    checkTaskAuth: async ({ query }, { auth }) => service.canHandle(db, auth, query.taskId),
    taskToReject: async ({ query }, { auth }) => service.rejectChoices(db, auth, query.taskId),
    getSecretaryByUserId: async (_input, { auth }) => {
      const leaders = await lists.leadersServedBy(db, auth.tenantId, auth.userId);
      return { isLeader: leaders.length === 0, leaders };
    },
    getMsgbadge: async (_input, { auth }) => lists.unreadMessageCount(db, auth.tenantId, auth.userId),
  });
