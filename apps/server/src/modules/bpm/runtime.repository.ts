import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import {
  flowInstances,
  flowOpinions,
  flowTaskCandidates,
  flowTasks,
  flowTokens,
  innerMessages,
} from '../../db/schema.js';

export type InstanceRow = typeof flowInstances.$inferSelect;
export type TaskRow = typeof flowTasks.$inferSelect;
export type TokenRow = typeof flowTokens.$inferSelect;

/** Locks the instance row for the rest of the transaction: every command on an instance runs one at a time. */
export async function lockInstance(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<InstanceRow | undefined> {
  const [row] = await tx
    .select()
    .from(flowInstances)
    .where(and(eq(flowInstances.tenantId, tenantId), eq(flowInstances.id, id)))
    .for('update');
  return row;
}

export async function findTask(db: Executor, tenantId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.id, id)));
  return row;
}

export async function isCandidate(db: Executor, tenantId: string, taskId: string, userId: string) {
  const [row] = await db
    .select({ userId: flowTaskCandidates.userId })
    .from(flowTaskCandidates)
    .where(
      and(
        eq(flowTaskCandidates.tenantId, tenantId),
        eq(flowTaskCandidates.taskId, taskId),
        eq(flowTaskCandidates.userId, userId),
      ),
    );
  return Boolean(row);
}

export async function insertInstance(tx: Executor, row: typeof flowInstances.$inferInsert) {
  await tx.insert(flowInstances).values(row);
}

export async function updateInstance(
  tx: Executor,
  tenantId: string,
  id: string,
  set: Partial<Pick<InstanceRow, 'status' | 'data' | 'endAt'>>,
) {
  await tx
    .update(flowInstances)
    .set(set)
    .where(and(eq(flowInstances.tenantId, tenantId), eq(flowInstances.id, id)));
}

export async function insertToken(
  tx: Executor,
  tenantId: string,
  instanceId: string,
  nodeId: string,
  state: 'active' | 'joining',
  returnToNodeId: string | null = null,
): Promise<string> {
  const id = newId();
  await tx.insert(flowTokens).values({ tenantId, id, instanceId, nodeId, state, returnToNodeId });
  return id;
}

export async function tokensOf(tx: Executor, tenantId: string, instanceId: string): Promise<TokenRow[]> {
  return tx
    .select()
    .from(flowTokens)
    .where(and(eq(flowTokens.tenantId, tenantId), eq(flowTokens.instanceId, instanceId)));
}

export async function deleteTokens(tx: Executor, tenantId: string, ids: string[]) {
  if (ids.length)
    await tx.delete(flowTokens).where(and(eq(flowTokens.tenantId, tenantId), inArray(flowTokens.id, ids)));
}

export async function insertTasks(
  tx: Executor,
  tasks: (typeof flowTasks.$inferInsert)[],
  candidates: (typeof flowTaskCandidates.$inferInsert)[],
  opinions: (typeof flowOpinions.$inferInsert)[],
) {
  if (tasks.length) await tx.insert(flowTasks).values(tasks);
  if (candidates.length) await tx.insert(flowTaskCandidates).values(candidates).onConflictDoNothing();
  if (opinions.length) await tx.insert(flowOpinions).values(opinions);
}

/** Closes tasks: done (with who and how) or cancelled; their candidate rows go, as they leave every todo list. */
export async function closeTasks(
  tx: Executor,
  tenantId: string,
  ids: string[],
  close: { status: 'done' | 'cancelled'; completedBy?: string; action?: string },
) {
  if (ids.length === 0) return;
  await tx
    .update(flowTasks)
    .set({
      status: close.status,
      completedAt: new Date(),
      completedBy: close.completedBy ?? null,
      action: close.action ?? null,
    })
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.id, ids)));
  await tx
    .delete(flowTaskCandidates)
    .where(and(eq(flowTaskCandidates.tenantId, tenantId), inArray(flowTaskCandidates.taskId, ids)));
}

export async function pendingTasksOf(tx: Executor, tenantId: string, instanceId: string) {
  return tx
    .select()
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.instanceId, instanceId),
        eq(flowTasks.status, 'pending'),
      ),
    );
}

export async function batchTasks(tx: Executor, tenantId: string, signBatch: string) {
  return tx
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.signBatch, signBatch)))
    .orderBy(asc(flowTasks.completedAt));
}

/** Fills in the waiting opinion of a task when it is handled. */
export async function completeOpinion(
  tx: Executor,
  tenantId: string,
  taskId: string,
  set: { status: string; auditorId: string; auditorName: string; opinion: string | null },
) {
  await tx
    .update(flowOpinions)
    .set({
      ...set,
      completedAt: sql`now()`,
      durMs: sql`(extract(epoch from now() - ${flowOpinions.createdAt}) * 1000)::bigint`,
    })
    .where(and(eq(flowOpinions.tenantId, tenantId), eq(flowOpinions.taskId, taskId)));
}

export async function deleteWaitingOpinions(tx: Executor, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return;
  await tx
    .delete(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        inArray(flowOpinions.taskId, taskIds),
        eq(flowOpinions.status, 'awaiting_check'),
      ),
    );
}

export async function insertOpinion(tx: Executor, row: typeof flowOpinions.$inferInsert) {
  await tx.insert(flowOpinions).values(row);
}

/** The last person who handled a node of the instance (for a reject back to it). */
export async function lastHandlerOf(tx: Executor, tenantId: string, instanceId: string, nodeId?: string) {
  const [row] = await tx
    .select({ userId: flowTasks.completedBy, nodeId: flowTasks.nodeId })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.instanceId, instanceId),
        eq(flowTasks.status, 'done'),
        isNotNull(flowTasks.completedBy),
        nodeId ? eq(flowTasks.nodeId, nodeId) : undefined,
      ),
    )
    .orderBy(desc(flowTasks.completedAt), desc(flowTasks.id))
    .limit(1);
  return row;
}

/** Nodes handled in the instance, latest first. */
export async function handledNodes(tx: Executor, tenantId: string, instanceId: string) {
  const rows = await tx
    .select({ nodeId: flowTasks.nodeId, completedAt: flowTasks.completedAt })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.instanceId, instanceId),
        eq(flowTasks.status, 'done'),
      ),
    )
    .orderBy(desc(flowTasks.completedAt), desc(flowTasks.id));
  return rows.map((r) => r.nodeId);
}

export async function insertMessages(tx: Executor, rows: (typeof innerMessages.$inferInsert)[]) {
  if (rows.length) await tx.insert(innerMessages).values(rows);
}

/** The latest handled opinion of the instance (a submit, a vote, a reject ...), if any. */
export async function lastHandledOpinion(tx: Executor, tenantId: string, instanceId: string) {
  const [row] = await tx
    .select()
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.instanceId, instanceId),
        isNotNull(flowOpinions.completedAt),
      ),
    )
    .orderBy(desc(flowOpinions.completedAt), desc(flowOpinions.id))
    .limit(1);
  return row;
}
