import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowTasks } from '../../db/schema.js';
import { OPEN_TASK_STATUSES, type TaskRow } from './runtime.repository.js';

/** Who holds a task's lock now: nobody once the lock has ended by itself. */
export const lockHolder = (task: Pick<TaskRow, 'lockedBy' | 'lockedUntil'>, now = new Date()) =>
  task.lockedBy && task.lockedUntil && task.lockedUntil > now ? task.lockedBy : null;

/** Locks a task for a user until a time, or unlocks it (`userId` null). */
export async function setTaskLock(
  tx: Executor,
  tenantId: string,
  taskId: string,
  userId: string | null,
  until: Date | null,
) {
  await tx
    .update(flowTasks)
    .set({ lockedBy: userId, lockedUntil: userId ? until : null })
    .where(and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.id, taskId)));
}

/** Unlocks every open task a user has locked (they signed out). */
export async function releaseLocksHeldBy(db: Executor, tenantId: string, userId: string) {
  await db
    .update(flowTasks)
    .set({ lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.lockedBy, userId),
        inArray(flowTasks.status, [...OPEN_TASK_STATUSES]),
      ),
    );
}
