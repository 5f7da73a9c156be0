import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { answerQuestion, addSign, communicate, delegateTask, inquire, transferTask } from './engine/ask.js';
import { batchHandle, filterUnbatchable, UNBATCHABLE_MESSAGES } from './engine/batch.js';
import { completeTask } from './engine/complete.js';
import { delayTask, markTaskRead, saveTaskDraft } from './engine/control.js';
import { canLock, lockUnlock } from './engine/lock.js';
import { retrieveTask } from './engine/withdraw.js';
import * as lists from './lists.repository.js';
import * as notices from './notice.repository.js';
import * as ahead from './ahead.service.js';
import * as query from './query.service.js';
import * as runtime from './runtime-calls.service.js';

/** Circulated copies are the caller's to mark (as receiver) or delete (as receiver or sender); else 404. */
async function requireOwnNotices(db: Db, auth: AuthContext, ids: string[], sent: boolean) {
  const unique = [...new Set(ids)];
  if ((await notices.countOwnNotices(db, auth.tenantId, auth.userId, unique, sent)) < unique.length) {
    throw notFound('flow.noticeNotFound', { id: unique.join(',') });
  }
}

const cardSize = (size: string | undefined, fallback: number) => (size ? Number(size) : fallback);

export const taskHandlers = ({ db, config }: Services) =>
  defineHandlers({
    getTodoList: async ({ body }, { auth }) => lists.todoList(db, auth.tenantId, auth.userId, body),
    getTodoCount: async (_input, { auth }) => lists.todoCount(db, auth.tenantId, auth.userId),
    getTodoCard: async ({ query: q }, { auth }) =>
      (
        await lists.todoList(db, auth.tenantId, auth.userId, {
          pageBean: { pageSize: cardSize(q.size, 21), showTotal: false },
        })
      ).rows,
    getTodoCardCount: async (_input, { auth }) => lists.todoCount(db, auth.tenantId, auth.userId),
    getLeaderTodoList: async ({ body }, { auth }) =>
      lists.leaderTodoList(db, auth.tenantId, auth.userId, body),
    getLeaderTodoCount: async (_input, { auth }) => lists.leaderTodoCount(db, auth.tenantId, auth.userId),
    getLeaderTodoCard: async ({ query: q }, { auth }) =>
      (
        await lists.leaderTodoList(db, auth.tenantId, auth.userId, {
          pageBean: { pageSize: cardSize(q.size, 6), showTotal: false },
        })
      ).rows,
    getDelegate: async ({ body }, { auth }) => lists.delegatedTasks(db, auth.tenantId, auth.userId, body),
    getDelegateCount: async (_input, { auth }) => lists.delegatedCount(db, auth.tenantId, auth.userId),
    getNoticeTodoReadList: async ({ body }, { auth }) =>
      notices.noticeList(db, auth.tenantId, auth.userId, 'toRead', body),
    getNoticeDoneReadList: async ({ body }, { auth }) =>
      notices.noticeList(db, auth.tenantId, auth.userId, 'read', body),
    getMyNoticeReadList: async ({ body }, { auth }) =>
      notices.noticeList(db, auth.tenantId, auth.userId, 'sent', body),
    getNoticeTodoReadCount: async (_input, { auth }) =>
      notices.noticeCount(db, auth.tenantId, auth.userId, 'toRead'),
    getMyNoticeReadCount: async (_input, { auth }) =>
      notices.noticeCount(db, auth.tenantId, auth.userId, 'sent'),
    getNotice: async ({ query: q }, { auth }) => query.noticeDetail(db, auth, q.id),

    completeTask: async ({ body }, { auth }) => completeTask(db, auth, body),
    saveTaskDraft: async ({ body }, { auth }) => saveTaskDraft(db, auth, body),
    batchHandle: async ({ body }, { auth, lang }) =>
      (await batchHandle(db, auth, body)).map((r) => ({
        taskId: r.taskId,
        ok: r.ok,
        message: r.reason
          ? translate(lang, UNBATCHABLE_MESSAGES[r.reason])
          : r.error
            ? translate(lang, r.error.key, r.error.params)
            : '',
      })),
    delegateTask: async ({ body }, { auth }) => delegateTask(db, auth, body),
    taskToTrans: async ({ body }, { auth }) => transferTask(db, auth, body),
    communicate: async ({ body }, { auth }) => communicate(db, auth, body),
    taskToInqu: async ({ body }, { auth }) => inquire(db, auth, body),
    taskToInquReply: async ({ body }, { auth }) => answerQuestion(db, auth, 'INQU', body),
    userTaskToSign: async ({ body }, { auth }) => addSign(db, auth, body),
    userAddSignFeedback: async ({ body }, { auth }) => answerQuestion(db, auth, 'ADDSIGN', body),
    noticeTurnDode: async ({ body }, { auth }) => {
      await requireOwnNotices(db, auth, body.ids, false);
      return db.transaction((tx) => notices.markNoticesRead(tx, auth.tenantId, auth.userId, body.ids));
    },
    addReadRecord: async ({ body }, { auth }) => markTaskRead(db, auth, body.taskId, body.leaderId),
    delBpmTaskNoticeById: async ({ body }, { auth, audit }) => {
      await requireOwnNotices(db, auth, body.ids, true);
      return changed(audit, await notices.deleteNotices(db, auth.tenantId, body.ids));
    },
    retrieveBpmTask: async ({ query: q }, { auth }) => retrieveTask(db, auth, q),
    lockUnlock: async ({ query: q }, { auth }) =>
      (await lockUnlock(db, auth, q, config.taskLockMinutes)).code,
    taskDelayById: async ({ query: q }, { auth }) =>
      delayTask(db, auth, { taskId: q.taskId, amount: Number(q.amount), unit: q.unit }),

    taskDetailBo: async ({ query: q }, { auth }) => query.taskDetail(db, auth, q.taskId, q.leaderId),
    getButtonsBytaskId: async ({ query: q }, { auth, lang }) =>
      query.taskButtons(db, auth, lang, q.taskId, q.leaderId),
    checkTaskAuth: async ({ query: q }, { auth }) => query.canHandle(db, auth, q.taskId, q.leaderId),
    taskToReject: async ({ query: q }, { auth }) => query.taskRejectTargets(db, auth, q.taskId, q.leaderId),
    canLock: async ({ query: q }, { auth }) => canLock(db, auth, q.taskId, q.leaderId),
    filterUnBatchable: async ({ query: q }, { auth, lang }) => {
      const result = await filterUnbatchable(db, auth, q.taskIds.split(','));
      return {
        batchable: result.batchable,
        unbatchable: result.unbatchable.map((u) => ({
          ...u,
          message: translate(lang, UNBATCHABLE_MESSAGES[u.reason]),
        })),
      };
    },
    getCandidatesListByTaskId: async ({ query: q }, { auth }) =>
      query.taskCandidates(db, auth, q.taskId, q.leaderId),
    getAfterJumpNodes: async ({ body }, { auth, lang }) => ahead.nextNodes(db, auth, lang, body),
    routePreview: async ({ body }, { auth, lang }) => ahead.routePreview(db, auth, lang, body),
    getNodeCandidatePage: async ({ body }, { auth, lang }) => ahead.nodeCandidatePage(db, auth, lang, body),
    taskSignUsers: async ({ body }, { auth, lang }) =>
      query.signProgress(db, auth, lang, body.taskId, body.leaderId),

    instanceDetail: async ({ body }, { auth }) => query.instanceForm(db, auth, body.instId, body.leaderId),
    getMyRequestTask: async ({ body }, { auth }) =>
      lists.openTasksOfRequests(db, auth.tenantId, auth.userId, body),
    isEnd: async ({ body }, { auth, lang }) => ahead.endsWithTask(db, auth, lang, body),
    nextTask: async ({ query: q }, { auth }) => runtime.nextTask(db, auth, q.taskId),
    nextExecutor: async ({ query: q }, { auth, lang }) => ahead.nextExecutors(db, auth, lang, q),
    taskNode: async ({ query: q }, { auth }) => runtime.taskNode(db, auth, q.taskId, q.leaderId),
    taskIsFirstNode: async ({ query: q }, { auth }) =>
      runtime.taskIsFirstNode(db, auth, q.taskId, q.leaderId),
    getCurNodeProperties: async ({ query: q }, { auth }) =>
      runtime.currentNodeProperties(db, auth, q.taskId, q.leaderId),
    taskNodeOpinion: async ({ query: q }, { auth, lang }) =>
      runtime.taskNodeOpinions(db, auth, lang, q.taskId, q.leaderId),
    removeTasks: async ({ query: q }, { auth, audit }) => {
      audit.target = `ids=${q.ids}`;
      return changed(audit, await runtime.removeTasks(db, auth, q.ids.split(',')));
    },
  });
