import {
  isWritable,
  SERVICE_TASK_STATUS,
  URGENT_LEVELS,
  type DueUnit,
  type UrgentLevel,
} from '@eip/contracts/flow';
import type { Db, Executor } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { AppError, conflict, forbidden, notFound } from '../../../errors.js';
import { requireNode } from '../../../flow/graph.js';
import { scheduleJob } from '../../../jobs/queue.js';
import type { AuthContext } from '../../../security/tokens.js';
import { isAdmin as isTenantAdmin } from '../../bpm-personal/access.js';
import { takesPartIn } from '../lists.repository.js';
import { insertNotices } from '../notice.repository.js';
import { recordTaskRead } from '../read-record.repository.js';
import * as repo from '../runtime.repository.js';
import { latestCallOfNode, updateServiceCall } from '../service-call.repository.js';
import { insertUrgent } from '../urgent.repository.js';
import {
  activePeopleAmong,
  endInstance,
  peopleByIds,
  resumeWaitingWork,
  scheduleServiceCall,
} from './advance.js';
import { actingOn, openTask, refuseUnlessLockHolder, requireOffered } from './authority.js';
import { clearAllWork } from './clear.js';
import { dueAfter } from './due.js';
import { formAt, type FormData } from './forms.js';
import { recordNodeOpinion } from './opinions.js';
import { notify } from './notify.js';
import {
  isLive,
  lockRun,
  nodeName,
  nodeSettings,
  patchInstance,
  personOf,
  startNodeOf,
  type Run,
} from './run.js';
import { approvalLink, readonlyLink } from './tasks.js';

/** The initiator or an administrator may steer a whole instance; others see nothing of it (404) or 403. */
async function steerable(tx: Executor, auth: AuthContext, instId: string): Promise<Run> {
  const run = await lockRun(tx, auth, instId);
  if (run.instance.initiatorId === auth.userId || (await isTenantAdmin(tx, auth))) return run;
  if (await takesPartIn(tx, auth.tenantId, instId, auth.userId)) throw forbidden('flow.onlyInitiator');
  throw notFound('flow.instanceNotFound', { id: instId });
}

/**
 * Terminate (人工终止): every open task and token ends, child instances too, and the instance is
 * manually ended. The initiator, an administrator, or the handler of a task whose node offers endProcess.
 */
export async function terminateInstance(
  db: Db,
  auth: AuthContext,
  input: { instId: string; taskId?: string; opinion?: string },
) {
  return db.transaction(async (tx) => {
    const run = input.taskId ? await terminatingHandler(tx, auth, input.instId, input.taskId) : undefined;
    const steering = run ?? (await steerable(tx, auth, input.instId));
    return end(steering, input.opinion);
  });
}

/**
 * A handler may terminate from their task when its node offers endProcess explicitly; the initiator and
 * administrators may anyway. Undefined: the caller is not such a handler (steerable decides then).
 */
async function terminatingHandler(tx: Executor, auth: AuthContext, instId: string, taskId: string) {
  const instance = await repo.lockInstance(tx, auth.tenantId, instId);
  if (instance && (instance.initiatorId === auth.userId || (await isTenantAdmin(tx, auth)))) return undefined;
  const opened = await openTask(tx, auth, taskId, 'terminate');
  if (opened.task.instanceId !== instId) throw notFound('flow.taskNotFound', { id: taskId });
  return opened.run;
}

/** Terminates: every open task and token ends, child instances too; recorded where the work stood. */
async function end(run: Run, opinion: string | undefined) {
  if (!isLive(run.instance)) throw conflict('flow.instanceEnded');
  const open = await repo.openTasksOf(run.tx, run.tenantId, run.instance.id);
  const at = open[0] ? requireNode(run.def.model, open[0].nodeId) : startNodeOf(run);
  await clearAllWork(run);
  await recordNodeOpinion(run, at, 'manual_end', run.actor, opinion);
  await endInstance(run, 'manualend');
  return { instId: run.instance.id };
}

/** Suspend (挂起) or resume: while suspended nobody can handle the instance's tasks. */
export async function setSuspended(db: Db, auth: AuthContext, input: { instId: string }, suspended: boolean) {
  return db.transaction(async (tx) => {
    const run = await steerable(tx, auth, input.instId);
    if (!isLive(run.instance)) throw conflict('flow.instanceEnded');
    if (run.instance.suspended === suspended)
      throw conflict(suspended ? 'flow.alreadySuspended' : 'flow.notSuspended');
    const open = await repo.openTasksOf(tx, run.tenantId, run.instance.id);
    const at = open[0] ? requireNode(run.def.model, open[0].nodeId) : startNodeOf(run);
    await recordNodeOpinion(run, at, suspended ? 'suspend' : 'restore', run.actor);
    await patchInstance(run, { suspended });
    if (!suspended) await resumeWaitingWork(run);
    return { instId: run.instance.id, suspended };
  });
}

/**
 * A service task whose call failed for good (status 0) waits at its node; the initiator or an
 * administrator runs it again once the cause is fixed: the call waits (-1) again and gets a new job
 * with the node's retries. 409 when the node's latest call has not failed or the instance is suspended.
 */
export async function retryServiceCall(db: Db, auth: AuthContext, input: { instId: string; nodeId: string }) {
  return db.transaction(async (tx) => {
    const run = await steerable(tx, auth, input.instId);
    if (!isLive(run.instance)) throw conflict('flow.instanceEnded');
    if (run.instance.suspended) throw conflict('flow.instanceSuspended');
    const node = run.def.model.nodes.get(input.nodeId);
    if (!node) throw notFound('flow.nodeNotFound', { node: input.nodeId });
    if (node.type !== 'SERVICETASK') throw new AppError(400, 'flow.notServiceTask', { node: nodeName(node) });
    const call = await latestCallOfNode(tx, run.tenantId, run.instance.id, node.id);
    if (
      call?.status !== SERVICE_TASK_STATUS.failed ||
      !(await repo.findToken(tx, run.tenantId, call.tokenId))
    ) {
      throw conflict('flow.serviceCallNotFailed', { node: nodeName(node) });
    }
    await updateServiceCall(tx, run.tenantId, call.id, {
      status: SERVICE_TASK_STATUS.waiting,
      lastError: null,
    });
    await scheduleServiceCall(run, node, call.id);
    return { instId: run.instance.id };
  });
}

/**
 * Delay (延期): a pending task's due time moves later by an amount; its reminder moves with it. Its
 * handler, the initiator or an administrator, when the task offers taskDelay and nobody else holds its lock.
 */
export async function delayTask(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; amount: number; unit: DueUnit },
) {
  return db.transaction(async (tx) => {
    const found = await repo.findTask(tx, auth.tenantId, input.taskId);
    if (!found) throw notFound('flow.taskNotFound', { id: input.taskId });
    const run = await lockRun(tx, auth, found.instanceId);
    const task = (await repo.findTask(tx, auth.tenantId, input.taskId))!;
    const steering = run.instance.initiatorId === auth.userId || (await isTenantAdmin(tx, auth));
    if (steering && task.status === 'pending') {
      await refuseUnlessLockHolder(tx, auth, task);
      await requireOffered(run, task, { via: 'self', principal: null }, 'delay');
    } else {
      // as its handler, refused as any operation on the task is
      await openTask(tx, auth, task.id, 'delay');
    }
    const dueAt = dueAfter(task.dueAt && task.dueAt > new Date() ? task.dueAt : new Date(), {
      amount: input.amount,
      unit: input.unit,
    });
    await repo.updateTasks(tx, auth.tenantId, [task.id], { dueAt });
    await scheduleJob(tx, {
      tenantId: auth.tenantId,
      kind: 'task.due',
      payload: { taskId: task.id },
      runAt: dueAt,
      dedupeKey: `due:${task.id}`,
    });
    return { dueTime: dueAt.toISOString() };
  });
}

/**
 * Marks a task read when its handler (for a leader: `leaderId`) opens it: the todo list's unread mark,
 * and 待阅 → 已阅 in the opinion table.
 */
export async function markTaskRead(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  return db.transaction(async (tx) => {
    const task = await repo.findTask(tx, auth.tenantId, taskId);
    if (!task || !(await actingOn(tx, auth, task, leaderId)))
      throw notFound('flow.taskNotFound', { id: taskId });
    await repo.updateTasks(tx, auth.tenantId, [task.id], { isRead: true });
    await repo.updateWaitingOpinions(tx, auth.tenantId, [task.id], { isRead: true });
    await recordTaskRead(tx, auth.tenantId, task, await personOf(tx, auth));
    return null;
  });
}

/** Saves what a handler has typed so far (writable fields and the opinion) without handling the task. */
export async function saveTaskDraft(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; data?: FormData; opinion?: string; agentLeaderId?: string },
) {
  return db.transaction(async (tx) => {
    const { task, run } = await openTask(tx, auth, input.taskId, 'saveDraft', {
      leaderId: input.agentLeaderId,
    });
    const { permissions } = formAt(
      run.def,
      requireNode(run.def.model, task.nodeId),
      run.instance.data as FormData,
    );
    const draft: FormData = {};
    for (const [field, value] of Object.entries(input.data ?? {})) {
      if (!isWritable(permissions[field])) throw new AppError(400, 'flow.fieldReadOnly', { field });
      draft[field] = value;
    }
    await repo.updateTasks(tx, run.tenantId, [task.id], {
      draftData: draft,
      draftOpinion: input.opinion?.trim() || null,
    });
    return null;
  });
}

/** The urgency levels, named in the caller's language by the route. */
export const urgentLevels = () => URGENT_LEVELS.map((level) => ({ ...level }));

const REMIND_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Urge (催办): the initiator (or an administrator) raises the urgency of the open tasks; their handlers
 * get a message now and again a day later while the tasks are still open.
 */
export async function urgeInstance(
  db: Db,
  auth: AuthContext,
  input: { instId: string; urgentStateValue: UrgentLevel; opinion?: string },
) {
  return db.transaction(async (tx) => {
    const run = await steerable(tx, auth, input.instId);
    if (!isLive(run.instance)) throw conflict('flow.instanceEnded');
    const open = (await repo.openTasksOf(tx, run.tenantId, run.instance.id)).filter(
      (t) => t.status === 'pending',
    );
    if (open.length === 0) throw conflict('flow.nothingToUrge');
    await repo.updateTasks(
      tx,
      run.tenantId,
      open.map((t) => t.id),
      { urgentStateValue: input.urgentStateValue },
    );
    const receivers = new Map<string, repo.TaskRow>();
    for (const task of open) {
      for (const c of await repo.candidatesOfTask(tx, run.tenantId, task.id)) receivers.set(c.userId, task);
    }
    const people = await activePeopleAmong(run, [...receivers.keys()]);
    const urgentId = await insertUrgent(tx, {
      tenantId: run.tenantId,
      instanceId: run.instance.id,
      senderId: run.actor.id,
      senderName: run.actor.name,
      urgentStateValue: input.urgentStateValue,
      opinion: input.opinion?.trim() || null,
      receivers: people,
    });
    // each person hears of it as the node of their task says
    for (const person of people) {
      const task = receivers.get(person.id)!;
      await notify(tx, run.tenantId, nodeSettings(run, task.nodeId)?.notifyTypes, [
        {
          receiverId: person.id,
          subject: run.instance.subject,
          content: input.opinion?.trim() || run.instance.subject,
          link: approvalLink(run.instance.id, task.id),
          type: 'urgent',
        },
      ]);
    }
    await scheduleJob(tx, {
      tenantId: run.tenantId,
      kind: 'urgent.remind',
      payload: { urgentId, instanceId: run.instance.id },
      runAt: new Date(Date.now() + REMIND_AFTER_MS),
      dedupeKey: `urgent:${run.instance.id}`,
    });
    return { id: urgentId, receivers: people.length };
  });
}

/**
 * Copy to (抄送, doNextCopyto): the handler of a task — while handling it or once handled — sends people a
 * read-only copy; it reaches their circulated list as 传阅 does. Others who take part get 403, anyone
 * else 404.
 */
export async function copyTo(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; userIds: string[]; opinion?: string },
) {
  const task = await repo.findTask(db, auth.tenantId, input.taskId);
  if (!task) throw notFound('flow.taskNotFound', { id: input.taskId });
  const handler =
    task.completedBy === auth.userId || (task.status === 'pending' && (await actingOn(db, auth, task)));
  if (!handler) {
    if (await takesPartIn(db, auth.tenantId, task.instanceId, auth.userId))
      throw forbidden('flow.notYourTask');
    throw notFound('flow.taskNotFound', { id: input.taskId });
  }
  return circulate(db, auth, { ...input, instId: task.instanceId }, 'copyto');
}

/**
 * Circulate (传阅): people get a copy of the instance to read (待阅 until they open it, then 已阅) and a
 * message. Anyone taking part in the instance may send it.
 */
export async function circulate(
  db: Db,
  auth: AuthContext,
  input: { instId: string; taskId?: string; userIds: string[]; opinion?: string },
  /** copyto: the copies a handler sends when completing (抄送), recorded as such */
  kind: 'circulate' | 'copyto' = 'circulate',
) {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, auth, input.instId);
    if (
      !(await takesPartIn(tx, auth.tenantId, input.instId, auth.userId)) &&
      !(await isTenantAdmin(tx, auth))
    ) {
      throw notFound('flow.instanceNotFound', { id: input.instId });
    }
    const task = input.taskId ? await repo.findTask(tx, auth.tenantId, input.taskId) : undefined;
    if (input.taskId && (!task || task.instanceId !== input.instId))
      throw notFound('flow.taskNotFound', { id: input.taskId });
    const people = await peopleByIds(
      run,
      [...new Set(input.userIds)].filter((id) => id !== auth.userId),
    );
    if (people.length === 0) throw new AppError(400, 'flow.unknownUsers');
    const node = task ? requireNode(run.def.model, task.nodeId) : startNodeOf(run);
    const ids = await insertNotices(
      tx,
      people.map((p) => ({
        tenantId: run.tenantId,
        id: newId(),
        instanceId: run.instance.id,
        taskId: task?.id ?? null,
        nodeId: node.id,
        subject: run.instance.subject,
        defKey: run.instance.defKey,
        defName: run.instance.defName,
        senderId: run.actor.id,
        senderName: run.actor.name,
        receiverId: p.id,
        receiverName: p.name,
        opinion: input.opinion?.trim() || null,
      })),
    );
    await recordNodeOpinion(
      run,
      node,
      kind,
      run.actor,
      [input.opinion?.trim(), `→ ${people.map((p) => p.name).join('、')}`].filter(Boolean).join(' '),
    );
    await repo.insertMessages(
      tx,
      people.map((p, i) => ({
        tenantId: run.tenantId,
        receiverId: p.id,
        subject: run.instance.subject,
        content: input.opinion?.trim() || run.instance.subject,
        link: readonlyLink(run.instance.id, `&noticeId=${ids[i]}`),
        type: 'notice',
      })),
    );
    return { count: people.length };
  });
}
