import { TASK_LOCK, type TaskLockCode } from '@eip/contracts/flow';
import type { Db, Executor } from '../../../db/client.js';
import { forbidden, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../security/tokens.js';
import { isAdmin as isTenantAdmin } from '../../bpm-personal/access.js';
import { takesPartIn } from '../lists.repository.js';
import * as repo from '../runtime.repository.js';
import { lockHolder, setTaskLock } from '../task-lock.repository.js';
import { actingOn, openTask } from './authority.js';

/**
 * Task locks (锁定, spec §4 codes 0–5): a candidate of a shared task locks it, and until it is unlocked
 * nobody else can do anything with it (openTask). The lock ends when its holder handles the task,
 * unlocks it or signs out, after TASK_LOCK_MINUTES, or when an administrator breaks it (audited).
 */

/** The lock state of a task for the caller. */
async function lockCode(
  db: Executor,
  auth: AuthContext,
  task: repo.TaskRow,
  admin: boolean,
): Promise<TaskLockCode> {
  if (task.status !== 'pending') return TASK_LOCK.hasHandle;
  const holder = lockHolder(task);
  if (holder && holder !== auth.userId) return admin ? TASK_LOCK.adminOperate : TASK_LOCK.lockedBySomeone;
  if (holder === auth.userId) return TASK_LOCK.canUnlock;
  const candidates = await repo.candidatesOfTask(db, auth.tenantId, task.id);
  return candidates.length > 1 ? TASK_LOCK.canLock : TASK_LOCK.noUnlock;
}

/**
 * canLock: the lock state of a task for one who may act on it (for a leader: `leaderId`), or who took
 * part in it once it is handled; any for an administrator. Others: 403 or 404.
 */
export async function canLock(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await repo.findTask(db, auth.tenantId, taskId);
  if (!task) throw notFound('flow.taskNotFound', { id: taskId });
  const admin = await isTenantAdmin(db, auth);
  if (!admin) {
    const related = await takesPartIn(db, auth.tenantId, task.instanceId, auth.userId);
    if (task.status !== 'pending' && !related) throw notFound('flow.taskNotFound', { id: taskId });
    if (task.status === 'pending' && !(await actingOn(db, auth, task, leaderId))) {
      if (related) throw forbidden('flow.notYourTask');
      throw notFound('flow.taskNotFound', { id: taskId });
    }
  }
  return lockCode(db, auth, task, admin);
}

/**
 * lockUnlock: locks a shared task for the caller for `lockMinutes`, or unlocks the caller's lock; an
 * administrator breaks anyone's lock (`overrode` names whose, for the audit record). Answers the new
 * lock code.
 */
export async function lockUnlock(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; leaderId?: string },
  lockMinutes: number,
): Promise<{ code: TaskLockCode; overrode: string | null }> {
  return db.transaction(async (tx) => {
    await repo.lockRootOfTask(tx, auth.tenantId, input.taskId);
    const current = await repo.findTask(tx, auth.tenantId, input.taskId);
    const holder = current?.status === 'pending' ? lockHolder(current) : null;
    if (current && holder && holder !== auth.userId && (await isTenantAdmin(tx, auth))) {
      await setTaskLock(tx, auth.tenantId, current.id, null, null);
      return { code: TASK_LOCK.canLock, overrode: holder };
    }
    const { task } = await openTask(tx, auth, input.taskId, 'lockUnlock', { leaderId: input.leaderId });
    if (holder === auth.userId) {
      await setTaskLock(tx, auth.tenantId, task.id, null, null);
      return { code: TASK_LOCK.canLock, overrode: null };
    }
    const until = new Date(Date.now() + lockMinutes * 60_000);
    await setTaskLock(tx, auth.tenantId, task.id, auth.userId, until);
    return { code: TASK_LOCK.canUnlock, overrode: null };
  });
}
