import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowOpinions, flowTasks } from '../../db/schema.js';

/**
 * The history of an instance as the engine reads and writes it: opinions (the rows of the approval
 * history) and who handled which node when. runtime.repository.ts re-exports it, so the engine reads one
 * repository.
 */

export type OpinionRow = typeof flowOpinions.$inferSelect;

/**
 * The time things are handled: the database's clock at the statement (not the transaction start), so
 * that several steps of one command keep their order and every process shares one clock.
 */
export const NOW = sql`clock_timestamp()`;

/** The opinions still waiting (awaiting_check) of some tasks. */
const waitingOpinionsOf = (tenantId: string, taskIds: string[]) =>
  and(
    eq(flowOpinions.tenantId, tenantId),
    inArray(flowOpinions.taskId, taskIds),
    eq(flowOpinions.status, 'awaiting_check'),
  );

export async function updateWaitingOpinions(
  tx: Executor,
  tenantId: string,
  taskIds: string[],
  set: Partial<Pick<OpinionRow, 'qualfieds' | 'isRead'>>,
) {
  if (taskIds.length === 0) return;
  await tx.update(flowOpinions).set(set).where(waitingOpinionsOf(tenantId, taskIds));
}

/** Waiting opinions of countersign votes that will not be cast: 会签撤销 (signBackCancel). */
export async function withdrawWaitingOpinions(tx: Executor, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return;
  await tx
    .update(flowOpinions)
    .set({ status: 'signBackCancel', completedAt: NOW })
    .where(waitingOpinionsOf(tenantId, taskIds));
}

export async function deleteWaitingOpinions(tx: Executor, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return;
  await tx.delete(flowOpinions).where(waitingOpinionsOf(tenantId, taskIds));
}

/** Inserts an opinion; one handled now gets the database's clock, like every other handled row. */
export async function insertOpinion(
  tx: Executor,
  row: Omit<typeof flowOpinions.$inferInsert, 'id' | 'completedAt'> & { handledNow?: boolean },
) {
  const { handledNow, ...values } = row;
  await tx
    .insert(flowOpinions)
    .values({ ...values, id: newId(), ...(handledNow ? { completedAt: NOW } : {}) });
}

/** Whether the user was among the people a task was offered to (its opinion's qualfieds). */
export async function wasOfferedTask(db: Executor, tenantId: string, taskId: string, userId: string) {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.taskId, taskId),
        sql`${flowOpinions.qualfieds} @> ${JSON.stringify([{ id: userId }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The instance's handled tasks. */
const doneTaskOf = (tenantId: string, instanceId: string) =>
  and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.instanceId, instanceId), eq(flowTasks.status, 'done'));

/** The last person who handled a node of the instance (for a send-back to it). */
export async function lastHandlerOf(tx: Executor, tenantId: string, instanceId: string, nodeId: string) {
  const [row] = await tx
    .select({ userId: flowTasks.completedBy, nodeId: flowTasks.nodeId })
    .from(flowTasks)
    .where(
      and(
        doneTaskOf(tenantId, instanceId),
        eq(flowTasks.type, 'NORMAL'),
        isNotNull(flowTasks.completedBy),
        eq(flowTasks.nodeId, nodeId),
      ),
    )
    .orderBy(desc(flowTasks.completedAt), desc(flowTasks.id))
    .limit(1);
  return row;
}

/** Who handled the latest task of the instance: the previous handler of a node's candidates. */
export async function latestHandler(tx: Executor, tenantId: string, instanceId: string) {
  const [row] = await tx
    .select({ userId: flowTasks.completedBy })
    .from(flowTasks)
    .where(and(doneTaskOf(tenantId, instanceId), isNotNull(flowTasks.completedBy)))
    .orderBy(desc(flowTasks.completedAt), desc(flowTasks.id))
    .limit(1);
  return row?.userId ?? null;
}

/** Nodes whose own tasks (not answers to a handler's question) were handled in the instance, latest first. */
export async function handledNodes(tx: Executor, tenantId: string, instanceId: string) {
  const rows = await tx
    .select({ nodeId: flowTasks.nodeId })
    .from(flowTasks)
    .where(and(doneTaskOf(tenantId, instanceId), inArray(flowTasks.type, ['NORMAL', 'DELIVERTO'])))
    .orderBy(desc(flowTasks.completedAt), desc(flowTasks.id));
  return [...new Set(rows.map((r) => r.nodeId))];
}

/** Tasks of the instance handled at or after a time, other than one: has anyone acted since? */
export async function handledSince(
  tx: Executor,
  tenantId: string,
  instanceId: string,
  since: Date,
  exceptTaskId: string,
) {
  return tx
    .select()
    .from(flowTasks)
    .where(
      and(
        doneTaskOf(tenantId, instanceId),
        ne(flowTasks.id, exceptTaskId),
        sql`${flowTasks.completedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
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

/** A task's own opinion row (the one created with it, not the questions its handler asked). */
export async function taskOpinion(db: Executor, tenantId: string, taskId: string) {
  const [row] = await db
    .select()
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.taskId, taskId),
        isNotNull(flowOpinions.taskType),
      ),
    );
  return row;
}
