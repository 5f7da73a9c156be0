import type { Executor } from '../../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../security/tokens.js';
import { findUserById } from '../../uc/user.repository.js';
import { takesPartIn } from '../lists.repository.js';
import * as repo from '../runtime.repository.js';
import type { Acting } from './opinions.js';
import { nodeSettings, personOf, runOf, type Run } from './run.js';

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
 * Locks the task's instance and checks, in this order: the task exists (404), it is still open (409 for
 * people who take part, 404 for others), the caller may act on it (403), nobody else holds its lock
 * (409) and the instance is not suspended (409). Of several people acting at once exactly one gets past.
 */
export async function openTask(
  tx: Executor,
  auth: AuthContext,
  taskId: string,
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
  const lockedByOther =
    task.lockedBy !== null && task.lockedBy !== auth.userId && task.lockedBy !== acting.principal?.id;
  if (lockedByOther) throw conflict('flow.taskLocked');
  if (instance.suspended) throw conflict('flow.instanceSuspended');
  return { task, run: await runOf(tx, instance, await personOf(tx, auth)), acting };
}

export const requireTaskType = (task: repo.TaskRow, types: readonly string[]) => {
  if (!types.includes(task.type)) throw new AppError(400, 'flow.wrongTaskKind', { name: task.name });
};

/**
 * An operation needs one of its buttons on the task's node, when the node configures its buttons (a node
 * without configured buttons offers the defaults). What the form does not offer, the API refuses too.
 */
export function requireButton(run: Run, task: repo.TaskRow, aliases: readonly string[]) {
  const buttons = nodeSettings(run, task.nodeId)?.buttons;
  if (buttons && !buttons.some((b) => aliases.includes(b.alias))) {
    throw new AppError(403, 'flow.operationNotOffered', { name: task.name });
  }
}
