import type { QueryFilter } from '@eip/contracts';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNull,
  max,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { countsByUser, PLAN_PER_CALL, type Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import {
  flowInstances,
  flowNotices,
  flowOpinions,
  flowTaskCandidates,
  flowTasks,
  flowTokens,
  secretaries,
  users,
} from '../../db/schema.js';
import { lockHolder } from './task-lock.repository.js';

/** The approval lists (spec §1): they read the denormalised, indexed task, candidate and instance rows. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const TASK_COLUMNS: FilterColumns = {
  subject: { sql: flowTasks.subject, type: 'string' },
  name: { sql: flowTasks.name, type: 'string' },
  procDefKey: { sql: flowTasks.defKey, type: 'string' },
  procDefName: { sql: flowTasks.defName, type: 'string' },
  flowType: { sql: flowTasks.flowType, type: 'string' },
  type: { sql: flowTasks.type, type: 'string' },
  creator: { sql: flowTasks.initiatorName, type: 'string' },
  urgentStateValue: { sql: flowTasks.urgentStateValue, type: 'string' },
  isRead: { sql: flowTasks.isRead, type: 'boolean' },
  dueTime: { sql: flowTasks.dueAt, type: 'date' },
};

/**
 * A subject search of two characters or more starts from the bigram index of the open tasks' subjects
 * (migration 0021): the open tasks whose subject has every character pair of the text, whoever's they are,
 * are far fewer than a busy approver's candidate rows. (A trigram index would serve no search of two
 * characters, as most Chinese names are.) Candidate rows exist only for open tasks, so the status adds no
 * condition; it is the index's predicate, written as literally. Which start is best depends on the user and
 * the text, so the statement is planned for each call's values (PLAN_PER_CALL).
 */
const subjectContaining = (text: string) =>
  [...text].length < 2
    ? undefined
    : sql`(${sql.raw(PLAN_PER_CALL)} ${flowTasks.status} in ('pending', 'waiting')
        and eip_bigrams(${flowTasks.subject}) @> eip_bigrams(${text}))`;

const TODO_COLUMNS: FilterColumns = {
  ...TASK_COLUMNS,
  subject: { sql: flowTasks.subject, type: 'string', containing: subjectContaining },
  createTime: { sql: flowTaskCandidates.createdAt, type: 'date' },
  leaderId: { sql: flowTaskCandidates.userId, type: 'string' },
};

/**
 * One user's todo list searches the subject copied onto their candidate rows, from the index of each row's
 * subject pairs and user key (migration 0032): asking for the user's key and the text's pairs at once, a busy
 * approver's search reads only her own matching rows, never the open tasks of everyone whose subject matches.
 * Planned for each call's values as the bigram search is.
 */
const todoColumnsOf = (userId: string): FilterColumns => ({
  ...TODO_COLUMNS,
  subject: {
    sql: flowTaskCandidates.subject,
    type: 'string',
    containing: (text) =>
      [...text].length < 2
        ? undefined
        : sql`(${sql.raw(PLAN_PER_CALL)} eip_todo_keys(${flowTaskCandidates.userId}, ${flowTaskCandidates.subject})
            @> eip_todo_keys(${userId}, ${text}))`,
  },
});

type TaskRow = typeof flowTasks.$inferSelect;

/** A task as the lists show it (reference "Todo rows"). */
export function taskRowOf(
  task: TaskRow,
  extra: { instStatus: string; suspended: boolean; principalId?: string | null },
) {
  return {
    id: task.id,
    taskId: task.id,
    name: task.name,
    subject: task.subject,
    nodeId: task.nodeId,
    procInstId: task.instanceId,
    procDefKey: task.defKey,
    procDefName: task.defName,
    flowType: task.flowType,
    type: extra.principalId ? 'AGENT' : task.type,
    creatorId: task.initiatorId,
    creator: task.initiatorName,
    ownerId: task.ownerId,
    assigneeId: task.assigneeId,
    principalId: extra.principalId ?? null,
    status: task.status,
    instStatus: extra.instStatus,
    suspended: extra.suspended,
    isRead: task.isRead,
    lockedBy: lockHolder(task),
    urgentStateValue: task.urgentStateValue,
    dueTime: iso(task.dueAt),
    dueStatus: task.dueAt ? (task.dueAt.getTime() < Date.now() ? 'overdue' : 'due') : null,
    createTime: task.createdAt.toISOString(),
    completeTime: iso(task.completedAt),
    action: task.action,
  };
}

/** Pending tasks offered to the given users (their candidate rows), newest first: the todo index. */
async function tasksOfferedTo(
  db: Executor,
  tenantId: string,
  where: SQL | undefined,
  columns: FilterColumns,
  filter: QueryFilter,
  size?: number,
) {
  const q = compileQueryFilter(filter, columns, {
    defaultSort: [desc(flowTaskCandidates.createdAt), desc(flowTaskCandidates.taskId)],
    ...(size ? { defaultPageSize: size } : {}),
  });
  const condition = and(eq(flowTaskCandidates.tenantId, tenantId), where, q.where);
  const page = db
    .select({
      task: flowTasks,
      principalId: flowTaskCandidates.principalId,
      leaderId: flowTaskCandidates.userId,
      instStatus: flowInstances.status,
      suspended: flowInstances.suspended,
    })
    .from(flowTaskCandidates)
    .innerJoin(
      flowTasks,
      and(eq(flowTasks.tenantId, flowTaskCandidates.tenantId), eq(flowTasks.id, flowTaskCandidates.taskId)),
    )
    .innerJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
    )
    .where(condition)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  // candidate rows exist only for open tasks: without a filter on the task the index alone counts them
  const counting = q.where
    ? db
        .select({ n: count() })
        .from(flowTaskCandidates)
        .innerJoin(
          flowTasks,
          and(
            eq(flowTasks.tenantId, flowTaskCandidates.tenantId),
            eq(flowTasks.id, flowTaskCandidates.taskId),
          ),
        )
        .where(condition)
    : db.select({ n: count() }).from(flowTaskCandidates).where(condition);
  // two independent reads: on PostgreSQL the pool runs them at once, so a busy approver waits for the longer
  const [rows, counted] = await Promise.all([page, q.showTotal ? counting : undefined]);
  return pageList(
    q,
    rows.map((r) => ({ ...taskRowOf(r.task, r), leaderId: r.leaderId })),
    () => Promise.resolve(counted ?? []),
  );
}

/** The caller's todo list: tasks offered to them, as themselves or as an agent. */
export const todoList = (
  db: Executor,
  tenantId: string,
  userId: string,
  filter: QueryFilter,
  size?: number,
) => tasksOfferedTo(db, tenantId, eq(flowTaskCandidates.userId, userId), todoColumnsOf(userId), filter, size);

/** The todo count of each of `userIds` (one statement): the pending tasks offered to them, as themselves or agent. */
export const todoCounts = (db: Executor, tenantId: string, userIds: readonly string[]) =>
  countsByUser(
    db,
    userIds,
    (
      ids,
    ) => sql`select ${flowTaskCandidates.userId} as "userId", count(*)::int as n from ${flowTaskCandidates}
      where ${flowTaskCandidates.tenantId} = ${tenantId} and ${flowTaskCandidates.userId} = any(${ids})
      group by ${flowTaskCandidates.userId}`,
  );

export const todoCount = async (db: Executor, tenantId: string, userId: string) =>
  (await todoCounts(db, tenantId, [userId])).get(userId) ?? 0;

/** The leaders a user is secretary of. */
export async function leadersServedBy(db: Executor, tenantId: string, secretaryId: string) {
  return db
    .select({ userId: users.id, fullname: users.fullname })
    .from(secretaries)
    .innerJoin(users, and(eq(users.tenantId, secretaries.tenantId), eq(users.id, secretaries.leaderId)))
    .where(and(eq(secretaries.tenantId, tenantId), eq(secretaries.secretaryId, secretaryId)))
    .orderBy(asc(users.account));
}

const servedLeaders = (tenantId: string, secretaryId: string) =>
  sql`${flowTaskCandidates.userId} in (select ${secretaries.leaderId} from ${secretaries}
    where ${secretaries.tenantId} = ${tenantId} and ${secretaries.secretaryId} = ${secretaryId})`;

/** A secretary's leader todo list: the leaders' own pending tasks (querys leaderId narrows it to one). */
export const leaderTodoList = (
  db: Executor,
  tenantId: string,
  secretaryId: string,
  filter: QueryFilter,
  size?: number,
) =>
  tasksOfferedTo(
    db,
    tenantId,
    and(servedLeaders(tenantId, secretaryId), isNull(flowTaskCandidates.principalId)),
    TODO_COLUMNS,
    filter,
    size,
  );

/**
 * The leader todo count of each of `userIds` as secretaries (one statement): their leaders' own pending tasks,
 * not those the leaders hold as agents (a leader and secretary pair is unique).
 */
export const leaderTodoCounts = (db: Executor, tenantId: string, userIds: readonly string[]) =>
  countsByUser(
    db,
    userIds,
    (ids) => sql`select ${secretaries.secretaryId} as "userId", count(*)::int as n
      from ${secretaries} join ${flowTaskCandidates}
        on ${flowTaskCandidates.tenantId} = ${secretaries.tenantId}
        and ${flowTaskCandidates.userId} = ${secretaries.leaderId}
      where ${secretaries.tenantId} = ${tenantId} and ${secretaries.secretaryId} = any(${ids})
        and ${flowTaskCandidates.principalId} is null
      group by ${secretaries.secretaryId}`,
  );

export const leaderTodoCount = async (db: Executor, tenantId: string, secretaryId: string) =>
  (await leaderTodoCounts(db, tenantId, [secretaryId])).get(secretaryId) ?? 0;

const HANDLED_COLUMNS: FilterColumns = {
  ...TASK_COLUMNS,
  createTime: { sql: flowTasks.createdAt, type: 'date' },
  completeTime: { sql: flowTasks.completedAt, type: 'date' },
  action: { sql: flowTasks.action, type: 'string' },
};

/**
 * The tasks the caller handled (getDoneList), latest first; `checkRevoke` adds whether each can still
 * be taken back (nobody acted since and the work it created is still waiting).
 */
export async function doneTasks(
  db: Executor,
  tenantId: string,
  userId: string,
  filter: QueryFilter,
  checkRevoke: boolean,
) {
  const q = compileQueryFilter(filter, HANDLED_COLUMNS, {
    defaultSort: [desc(flowTasks.completedAt), desc(flowTasks.id)],
  });
  const where = and(
    eq(flowTasks.tenantId, tenantId),
    eq(flowTasks.completedBy, userId),
    eq(flowTasks.status, 'done'),
    q.where,
  );
  const canRetrieve = sql<boolean>`(${flowInstances.status} in ('running', 'back')
    and not ${flowInstances.suspended}
    and ${flowTasks.type} = 'NORMAL' and ${flowTasks.action} in ('agree', 'oppose', 'abandon')
    and not exists (select 1 from ${flowTasks} later where later.tenant_id = ${flowTasks.tenantId}
      and later.instance_id = ${flowTasks.instanceId} and later.status = 'done'
      and later.completed_at > ${flowTasks.completedAt})
    and (exists (select 1 from ${flowTokens} k where k.tenant_id = ${flowTasks.tenantId} and k.origin_task_id = ${flowTasks.id})
      or (${flowTasks.signBatch} is not null and exists (select 1 from ${flowTokens} k
        where k.tenant_id = ${flowTasks.tenantId} and k.id = ${flowTasks.tokenId}))))`;
  const rows = await db
    .select({
      task: flowTasks,
      instStatus: flowInstances.status,
      suspended: flowInstances.suspended,
      canRetrieve: checkRevoke ? canRetrieve : sql<boolean>`false`,
    })
    .from(flowTasks)
    .innerJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
    )
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => ({ ...taskRowOf(r.task, r), canRetrieve: Boolean(r.canRetrieve) })),
    () => db.select({ n: count() }).from(flowTasks).where(where),
  );
}

const OPEN_TASK_COLUMNS: FilterColumns = {
  ...TASK_COLUMNS,
  createTime: { sql: flowTasks.createdAt, type: 'date' },
};

/** The open tasks of the requests a user started (getMyRequestTask): where each waits, newest first. */
export async function openTasksOfRequests(
  db: Executor,
  tenantId: string,
  userId: string,
  filter: QueryFilter,
) {
  const q = compileQueryFilter(filter, OPEN_TASK_COLUMNS, {
    defaultSort: [desc(flowTasks.createdAt), desc(flowTasks.id)],
  });
  const where = and(
    eq(flowTasks.tenantId, tenantId),
    eq(flowTasks.initiatorId, userId),
    inArray(flowTasks.status, ['pending', 'waiting']),
    q.where,
  );
  const rows = await db
    .select({ task: flowTasks, instStatus: flowInstances.status, suspended: flowInstances.suspended })
    .from(flowTasks)
    .innerJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
    )
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => taskRowOf(r.task, r)),
    () => db.select({ n: count() }).from(flowTasks).where(where),
  );
}

/** Tasks the caller handed over to someone else (getDelegate), latest first, whatever became of them. */
export async function delegatedTasks(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, HANDLED_COLUMNS, {
    defaultSort: [desc(flowTasks.createdAt), desc(flowTasks.id)],
  });
  const where = and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.ownerId, userId), q.where);
  const rows = await db
    .select({
      task: flowTasks,
      instStatus: flowInstances.status,
      suspended: flowInstances.suspended,
      assigneeName: users.fullname,
    })
    .from(flowTasks)
    .innerJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, flowTasks.tenantId), eq(flowInstances.id, flowTasks.instanceId)),
    )
    .leftJoin(users, and(eq(users.tenantId, flowTasks.tenantId), eq(users.id, flowTasks.assigneeId)))
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => ({ ...taskRowOf(r.task, r), assigneeName: r.assigneeName })),
    () => db.select({ n: count() }).from(flowTasks).where(where),
  );
}

export async function delegatedCount(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(flowTasks)
    .where(
      and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.ownerId, userId), eq(flowTasks.status, 'pending')),
    );
  return row?.n ?? 0;
}

const INSTANCE_COLUMNS: FilterColumns = {
  subject: { sql: flowInstances.subject, type: 'string' },
  procDefKey: { sql: flowInstances.defKey, type: 'string' },
  procDefName: { sql: flowInstances.defName, type: 'string' },
  flowType: { sql: flowInstances.flowType, type: 'string' },
  status: { sql: flowInstances.status, type: 'string' },
  creator: { sql: flowInstances.initiatorName, type: 'string' },
  createTime: { sql: flowInstances.createdAt, type: 'date' },
  endTime: { sql: flowInstances.endAt, type: 'date' },
};

export const toInstanceRow = (i: typeof flowInstances.$inferSelect) => ({
  id: i.id,
  subject: i.subject,
  procDefKey: i.defKey,
  procDefName: i.defName,
  flowType: i.flowType,
  status: i.status,
  suspended: i.suspended,
  creatorId: i.initiatorId,
  creator: i.initiatorName,
  createTime: i.createdAt.toISOString(),
  updateTime: i.updatedAt.toISOString(),
  endTime: iso(i.endAt),
});

/** The instances the caller started (myRequest, without drafts) or their drafts (myDraft). */
export async function ownInstances(
  db: Executor,
  tenantId: string,
  userId: string,
  filter: QueryFilter,
  kind: 'requests' | 'drafts',
) {
  const q = compileQueryFilter(filter, INSTANCE_COLUMNS, {
    defaultSort: [
      desc(kind === 'drafts' ? flowInstances.updatedAt : flowInstances.createdAt),
      desc(flowInstances.id),
    ],
  });
  const where = and(
    eq(flowInstances.tenantId, tenantId),
    eq(flowInstances.initiatorId, userId),
    kind === 'drafts' ? eq(flowInstances.status, 'draft') : ne(flowInstances.status, 'draft'),
    q.where,
  );
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

export async function ownInstanceCount(
  db: Executor,
  tenantId: string,
  userId: string,
  kind: 'requests' | 'drafts',
) {
  const [row] = await db
    .select({ n: count() })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.initiatorId, userId),
        kind === 'drafts' ? eq(flowInstances.status, 'draft') : ne(flowInstances.status, 'draft'),
      ),
    );
  return row?.n ?? 0;
}

/** The instances the caller handled a task of, latest handling first (`endedOnly`: finished ones). */
export async function doneInstances(
  db: Executor,
  tenantId: string,
  userId: string,
  filter: QueryFilter,
  endedOnly = false,
) {
  const q = compileQueryFilter(filter, INSTANCE_COLUMNS, {
    defaultSort: [desc(max(flowTasks.completedAt)), desc(flowInstances.id)],
  });
  const where = and(
    eq(flowTasks.tenantId, tenantId),
    eq(flowTasks.completedBy, userId),
    eq(flowTasks.status, 'done'),
    endedOnly ? inArray(flowInstances.status, ['end', 'manualend']) : undefined,
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

export async function doneInstanceCount(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: countDistinct(flowTasks.instanceId) })
    .from(flowTasks)
    .where(
      and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.completedBy, userId), eq(flowTasks.status, 'done')),
    );
  return row?.n ?? 0;
}

/**
 * Whether the user takes part in the instance whose id is `instanceId` (a value or a column): its
 * initiator, someone offered, handling or holding one of its tasks (candidate, assignee, handler, owner
 * before a hand-over), or a reader it was circulated to. Lists use it as a filter; checks use takesPartIn.
 */
export const participates = (tenantId: string, userId: string, instanceId: SQLWrapper | string): SQL => sql`(
  exists (select 1 from ${flowInstances} pi where pi.tenant_id = ${tenantId} and pi.id = ${instanceId}
          and pi.initiator_id = ${userId})
  or exists (select 1 from ${flowTasks} pt where pt.tenant_id = ${tenantId} and pt.instance_id = ${instanceId}
             and (pt.completed_by = ${userId} or pt.assignee_id = ${userId} or pt.owner_id = ${userId}))
  or exists (select 1 from ${flowTaskCandidates} pc join ${flowTasks} pt on pt.tenant_id = pc.tenant_id and pt.id = pc.task_id
             where pc.tenant_id = ${tenantId} and pt.instance_id = ${instanceId} and pc.user_id = ${userId})
  or exists (select 1 from ${flowNotices} pn where pn.tenant_id = ${tenantId} and pn.instance_id = ${instanceId}
             and pn.receiver_id = ${userId}))`;

export async function takesPartIn(db: Executor, tenantId: string, instanceId: string, userId: string) {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.id, instanceId),
        participates(tenantId, userId, instanceId),
      ),
    );
  return Boolean(row);
}

/** The nodes of an instance where the user was offered or handled a task (their view of its form). */
export async function nodesTouchedBy(db: Executor, tenantId: string, instanceId: string, userId: string) {
  const rows = await db
    .selectDistinct({ nodeId: flowOpinions.nodeId })
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.instanceId, instanceId),
        sql`(${flowOpinions.auditorId} = ${userId} or ${flowOpinions.qualfieds} @> ${JSON.stringify([{ id: userId }])}::jsonb)`,
      ),
    );
  return rows.map((r) => r.nodeId);
}

/** An instance's opinions in the order things happened: handled ones by time, then those still waiting. */
export async function opinionsOf(db: Executor, tenantId: string, instanceId: string) {
  return db
    .select()
    .from(flowOpinions)
    .where(and(eq(flowOpinions.tenantId, tenantId), eq(flowOpinions.instanceId, instanceId)))
    .orderBy(
      sql`${flowOpinions.completedAt} asc nulls last`,
      asc(flowOpinions.createdAt),
      asc(flowOpinions.id),
    );
}
