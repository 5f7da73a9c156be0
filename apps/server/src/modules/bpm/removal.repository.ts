import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  flowInstances,
  flowNotices,
  flowOpinions,
  flowPrintRecords,
  flowReadRecords,
  flowServiceCalls,
  flowTaskCandidates,
  flowTaskFollows,
  flowTasks,
  flowTokens,
  flowUrgents,
} from '../../db/schema.js';

/** What an administrator's removal (task/v1/remove, instance/v1/remove) deletes: the rows, whole. */

/** Deletes tasks with their candidate rows and the opinions still waiting for them; answers how many. */
export async function deleteTasks(tx: Executor, tenantId: string, ids: string[]) {
  await tx
    .delete(flowTaskCandidates)
    .where(and(eq(flowTaskCandidates.tenantId, tenantId), inArray(flowTaskCandidates.taskId, ids)));
  await tx
    .delete(flowReadRecords)
    .where(and(eq(flowReadRecords.tenantId, tenantId), inArray(flowReadRecords.taskId, ids)));
  await tx
    .delete(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        inArray(flowOpinions.taskId, ids),
        eq(flowOpinions.status, 'awaiting_check'),
      ),
    );
  const gone = await tx
    .delete(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.id, ids)))
    .returning({ id: flowTasks.id });
  return gone.length;
}

/** The instances and every call-activity child below them (the trees they are the roots or parents of). */
export async function instanceTrees(tx: Executor, tenantId: string, ids: string[]) {
  const found = new Set<string>();
  let level = ids;
  while (level.length > 0) {
    const rows = await tx
      .select({ id: flowInstances.id })
      .from(flowInstances)
      .where(
        and(
          eq(flowInstances.tenantId, tenantId),
          or(inArray(flowInstances.id, level), inArray(flowInstances.parentInstanceId, level)),
        ),
      );
    level = rows.map((r) => r.id).filter((id) => !found.has(id));
    for (const id of level) found.add(id);
  }
  return [...found];
}

/** Deletes instances with everything they hold: tasks, candidates, tokens, opinions, copies, urgings. */
export async function deleteInstances(tx: Executor, tenantId: string, ids: string[]) {
  const tasks = await tx
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.instanceId, ids)));
  if (tasks.length > 0)
    await deleteTasks(
      tx,
      tenantId,
      tasks.map((t) => t.id),
    );
  for (const table of [
    flowTokens,
    flowOpinions,
    flowNotices,
    flowUrgents,
    flowServiceCalls,
    flowTaskFollows,
    flowPrintRecords,
    flowReadRecords,
  ]) {
    await tx.delete(table).where(and(eq(table.tenantId, tenantId), inArray(table.instanceId, ids)));
  }
  await tx
    .delete(flowInstances)
    .where(and(eq(flowInstances.tenantId, tenantId), inArray(flowInstances.id, ids)));
}
