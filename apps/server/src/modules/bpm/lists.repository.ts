import type { QueryFilter } from '@eip/contracts';
import { and, asc, count, countDistinct, desc, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import {
  flowInstances,
  flowOpinions,
  flowTaskCandidates,
  flowTasks,
  innerMessages,
  secretaries,
  users,
} from '../../db/schema.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const TODO_COLUMNS: FilterColumns = {
  subject: { sql: flowTasks.subject, type: 'string' },
  name: { sql: flowTasks.name, type: 'string' },
  procDefKey: { sql: flowTasks.defKey, type: 'string' },
  procDefName: { sql: flowTasks.defName, type: 'string' },
  creator: { sql: flowTasks.initiatorName, type: 'string' },
  createTime: { sql: flowTaskCandidates.createdAt, type: 'date' },
};

/** The caller's todo list: pending tasks they are a candidate of, newest first, from the candidate index. */
export async function todoList(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, TODO_COLUMNS, {
    defaultSort: [desc(flowTaskCandidates.createdAt), desc(flowTaskCandidates.taskId)],
  });
  const where = and(
    eq(flowTaskCandidates.tenantId, tenantId),
    eq(flowTaskCandidates.userId, userId),
    q.where,
  );
  const joined = () =>
    db
      .select({ task: flowTasks, instStatus: flowInstances.status })
      .from(flowTaskCandidates)
      .innerJoin(
        flowTasks,
        and(eq(flowTasks.tenantId, flowTaskCandidates.tenantId), eq(flowTasks.id, flowTaskCandidates.taskId)),
      )
      .innerJoin(
        flowInstances,
        and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
      );
  const rows = await joined()
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map(({ task, instStatus }) => ({
      id: task.id,
      taskId: task.id,
      name: task.name,
      subject: task.subject,
      nodeId: task.nodeId,
      procInstId: task.instanceId,
      procDefKey: task.defKey,
      procDefName: task.defName,
      creatorId: task.initiatorId,
      creator: task.initiatorName,
      assigneeId: task.assigneeId,
      status: task.status,
      instStatus,
      createTime: task.createdAt.toISOString(),
    })),
    () =>
      db
        .select({ n: count() })
        .from(flowTaskCandidates)
        .innerJoin(
          flowTasks,
          and(
            eq(flowTasks.tenantId, flowTaskCandidates.tenantId),
            eq(flowTasks.id, flowTaskCandidates.taskId),
          ),
        )
        .where(where),
  );
}

export async function todoCount(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(flowTaskCandidates)
    .where(and(eq(flowTaskCandidates.tenantId, tenantId), eq(flowTaskCandidates.userId, userId)));
  return row?.n ?? 0;
}

const INSTANCE_COLUMNS: FilterColumns = {
  subject: { sql: flowInstances.subject, type: 'string' },
  procDefKey: { sql: flowInstances.defKey, type: 'string' },
  procDefName: { sql: flowInstances.defName, type: 'string' },
  status: { sql: flowInstances.status, type: 'string' },
  creator: { sql: flowInstances.initiatorName, type: 'string' },
  createTime: { sql: flowInstances.createdAt, type: 'date' },
};

const toInstanceRow = (i: typeof flowInstances.$inferSelect) => ({
  id: i.id,
  subject: i.subject,
  procDefKey: i.defKey,
  procDefName: i.defName,
  status: i.status,
  creatorId: i.initiatorId,
  creator: i.initiatorName,
  createTime: i.createdAt.toISOString(),
  endTime: iso(i.endAt),
});

/** The instances the caller started. */
export async function myRequests(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, INSTANCE_COLUMNS, {
    defaultSort: [desc(flowInstances.createdAt), desc(flowInstances.id)],
  });
  const where = and(eq(flowInstances.tenantId, tenantId), eq(flowInstances.initiatorId, userId), q.where);
  const rows = await db
    .select()
    .from(flowInstances)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toInstanceRow), () =>
    db.select({ n: count() }).from(flowInstances).where(where),
  );
}

/** The instances the caller handled a task of, latest handling first. */
export async function doneInstances(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, INSTANCE_COLUMNS, {
    defaultSort: [desc(max(flowTasks.completedAt)), desc(flowInstances.id)],
  });
  const where = and(
    eq(flowTasks.tenantId, tenantId),
    eq(flowTasks.completedBy, userId),
    eq(flowTasks.status, 'done'),
    q.where,
  );
  const rows = await db
    .select({ instance: flowInstances, handledAt: max(flowTasks.completedAt) })
    .from(flowTasks)
    .innerJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
    )
    .where(where)
    .groupBy(flowInstances.tenantId, flowInstances.id)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => ({ ...toInstanceRow(r.instance), handleTime: iso(r.handledAt) })),
    () =>
      db
        .select({ n: countDistinct(flowTasks.instanceId) })
        .from(flowTasks)
        .innerJoin(
          flowInstances,
          and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
        )
        .where(where),
  );
}

/** Whether the user may see the instance: initiator, or someone with a task (waiting or handled) in it. */
export async function takesPartIn(db: Executor, tenantId: string, instanceId: string, userId: string) {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.id, instanceId),
        sql`(${flowInstances.initiatorId} = ${userId}
          or exists (select 1 from ${flowTasks} t where t.tenant_id = ${tenantId} and t.instance_id = ${instanceId} and t.completed_by = ${userId})
          or exists (select 1 from ${flowTaskCandidates} c join ${flowTasks} t on t.tenant_id = c.tenant_id and t.id = c.task_id
                     where c.tenant_id = ${tenantId} and t.instance_id = ${instanceId} and c.user_id = ${userId}))`,
      ),
    );
  return Boolean(row);
}

export async function findInstance(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowInstances)
    .where(and(eq(flowInstances.tenantId, tenantId), eq(flowInstances.id, id)));
  return row;
}

export async function opinionsOf(db: Executor, tenantId: string, instanceId: string) {
  return db
    .select()
    .from(flowOpinions)
    .where(and(eq(flowOpinions.tenantId, tenantId), eq(flowOpinions.instanceId, instanceId)))
    .orderBy(asc(flowOpinions.createdAt), asc(flowOpinions.id));
}

export async function unreadMessageCount(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(innerMessages)
    .where(
      and(
        eq(innerMessages.tenantId, tenantId),
        eq(innerMessages.receiverId, userId),
        eq(innerMessages.isRead, false),
      ),
    );
  return row?.n ?? 0;
}

/** The leaders a user is secretary of. */
export async function leadersServedBy(db: Executor, tenantId: string, secretaryId: string) {
  return db
    .select({ userId: users.id, fullname: users.fullname })
    .from(secretaries)
    .innerJoin(users, and(eq(users.tenantId, secretaries.tenantId), eq(users.id, secretaries.leaderId)))
    .where(and(eq(secretaries.tenantId, tenantId), eq(secretaries.secretaryId, secretaryId)))
    .orderBy(asc(users.account));
}
