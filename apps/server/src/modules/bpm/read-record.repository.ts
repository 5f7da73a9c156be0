import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowNotices, flowReadRecords } from '../../db/schema.js';

/** Read records (阅读记录): who opened a task of an instance (the first time), and who read a copy of it. */

export async function recordTaskRead(
  tx: Executor,
  tenantId: string,
  task: { id: string; instanceId: string; nodeId: string; name: string },
  reader: { id: string; name: string },
) {
  await tx
    .insert(flowReadRecords)
    .values({
      tenantId,
      id: newId(),
      instanceId: task.instanceId,
      taskId: task.id,
      nodeId: task.nodeId,
      taskName: task.name,
      userId: reader.id,
      userName: reader.name,
    })
    .onConflictDoNothing();
}

/** Every read of an instance: its tasks opened and its circulated copies read, latest first. */
export async function readsOfInstance(db: Executor, tenantId: string, instanceId: string) {
  const [tasks, notices] = await Promise.all([
    db
      .select()
      .from(flowReadRecords)
      .where(and(eq(flowReadRecords.tenantId, tenantId), eq(flowReadRecords.instanceId, instanceId))),
    db
      .select()
      .from(flowNotices)
      .where(
        and(
          eq(flowNotices.tenantId, tenantId),
          eq(flowNotices.instanceId, instanceId),
          eq(flowNotices.isRead, true),
        ),
      )
      .orderBy(desc(flowNotices.readAt)),
  ]);
  return [
    ...tasks.map((r) => ({
      procInstId: r.instanceId,
      userId: r.userId,
      userName: r.userName,
      nodeId: r.nodeId as string | null,
      taskName: r.taskName as string | null,
      kind: 'task' as const,
      readAt: r.readAt,
    })),
    ...notices.map((n) => ({
      procInstId: n.instanceId,
      userId: n.receiverId,
      userName: n.receiverName,
      nodeId: n.nodeId,
      taskName: null,
      kind: 'notice' as const,
      readAt: n.readAt ?? n.createdAt,
    })),
  ].sort((a, b) => b.readAt.getTime() - a.readAt.getTime());
}
