import { TASK_LOCK } from '@eip/contracts/flow';
import type { Executor } from '../../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../security/tokens.js';
import { findUserById } from '../../uc/user.repository.js';
import { takesPartIn } from '../lists.repository.js';
import * as repo from '../runtime.repository.js';
import { lockHolder } from '../task-lock.repository.js';
import { buttonsFor, offeredButtons, type TaskOperation } from './buttons.js';
import type { Acting } from './opinions.js';
import { personOf, runOf, type Run } from './run.js';

export interface OpenedTask {
  task: repo.TaskRow;
  run: Run;
  acting: Acting;
}

/**
 * Whether a user has anything to do with a task: takes part in its instance, or was offered it. Such a
 * user is told that a task is already handled (409); anyone else learns nothing (404).
 */
async function relatedTo(db: Executor, auth: AuthContext, task: repo.TaskRow) {
  return (
    (await takesPartIn(db, auth.tenantId, task.instanceId, auth.userId)) ||
    (await repo.wasOfferedTask(db, auth.tenantId, task.id, auth.userId))
  );
}

/**
 * How the caller may act on an open task: as a candidate, as an agent holding a principal's candidate
 * row, or — with `leaderId` — as the secretary of a leader who is a candidate. Undefined: not at all.
 */
export async function actingOn(
  db: Executor,
  auth: AuthContext,
  task: repo.TaskRow,
  leaderId?: string,
  /** the caller's candidate rows of the task, when already read */
  callerRows?: readonly { principalId: string | null }[],
): Promise<Acting | undefined> {
  if (leaderId) {
    if (!(await repo.isSecretaryOf(db, auth.tenantId, auth.userId, leaderId))) return undefined;
    const [row] = await repo.candidateRowsOf(db, auth.tenantId, task.id, [leaderId]);
    if (!row || row.principalId) return undefined;
    const leader = await findUserById(db, auth.tenantId, leaderId);
    return { via: 'secretary', principal: { id: leaderId, name: leader?.fullname ?? leaderId } };
  }
  const rows = callerRows ?? (await repo.candidateRowsOf(db, auth.tenantId, task.id, [auth.userId]));
  if (rows.some((r) => r.principalId === null)) return { via: 'self', principal: null };
  const agentRow = rows.find((r) => r.principalId !== null);
  if (!agentRow) return undefined;
  const principal = await findUserById(db, auth.tenantId, agentRow.principalId!);
  return { via: 'agent', principal: { id: agentRow.principalId!, name: principal?.fullname ?? '' } };
}

/**
 * Refuses (409, naming the holder, code 4 of spec §4) anyone but the one who holds the task's lock:
 * other candidates, agents and secretaries alike, even acting for the holder.
 */
export async function refuseUnlessLockHolder(db: Executor, auth: AuthContext, task: repo.TaskRow) {
  const holder = lockHolder(task);
  if (!holder || holder === auth.userId) return;
  const person = await findUserById(db, auth.tenantId, holder);
  throw new AppError(409, 'flow.taskLocked', { name: person?.fullname ?? holder }, TASK_LOCK.lockedBySomeone);
}

/**
 * The one way into an operation on a task: locks the task's instance and checks, in this order, that
 * the task exists (404), it is still open (409 for people who take part, 404 for others), the caller may
 * act on it (403), nobody else holds its lock (409), the instance is not suspended (409), and the task
 * offers the operation among the buttons getButtonsBytaskId shows (403). Of several people acting at
 * once exactly one gets past.
 */
export async function openTask(
  tx: Executor,
  auth: AuthContext,
  taskId: string,
  operation: TaskOperation,
  options: { leaderId?: string } = {},
): Promise<OpenedTask> {
  const root = await repo.lockRootOfTask(tx, auth.tenantId, taskId);
  const found = root && (await repo.findTaskWithRowsOf(tx, auth.tenantId, taskId, auth.userId));
  const task = found?.task;
  const instance =
    task &&
    (task.instanceId === root.id ? root : await repo.findInstance(tx, auth.tenantId, task.instanceId));
  if (!instance || !task) throw notFound('flow.taskNotFound', { id: taskId });
  if (task.status !== 'pending') {
    if (await relatedTo(tx, auth, task))
      throw conflict(task.status === 'waiting' ? 'flow.taskWaiting' : 'flow.taskHandled');
    throw notFound('flow.taskNotFound', { id: taskId });
  }
  const acting = await actingOn(tx, auth, task, options.leaderId, found.rows);
  if (!acting) {
    if (await relatedTo(tx, auth, task)) throw forbidden('flow.notYourTask');
    throw notFound('flow.taskNotFound', { id: taskId });
  }
  await refuseUnlessLockHolder(tx, auth, task);
  if (instance.suspended) throw conflict('flow.instanceSuspended');
  const run = await runOf(tx, instance, await personOf(tx, auth));
  await requireOffered(run, task, acting, operation);
  return { task, run, acting };
}

/** 403 unless the task offers the operation to the one acting on it (what getButtonsBytaskId shows). */
export async function requireOffered(run: Run, task: repo.TaskRow, acting: Acting, operation: TaskOperation) {
  const needed = buttonsFor(operation, task);
  // whether others share the task only adds its lock: asked only for locking (one query less a command)
  const shared =
    needed.includes('lockUnlock') && (await repo.candidatesOfTask(run.tx, run.tenantId, task.id)).length > 1;
  const offered = offeredButtons(run.def, task, acting, shared).map((b) => b.alias);
  if (!needed.some((alias) => offered.includes(alias))) {
    throw forbidden(acting.via === 'secretary' ? 'flow.notForLeader' : 'flow.operationNotOffered', {
      name: task.name,
    });
  }
}

export const requireTaskType = (task: repo.TaskRow, types: readonly string[]) => {
  if (!types.includes(task.type)) throw new AppError(400, 'flow.wrongTaskKind', { name: task.name });
};
