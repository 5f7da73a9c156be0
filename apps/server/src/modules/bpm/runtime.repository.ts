import type { FieldChange } from '@eip/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { allColumns, rowStatement, statement, value } from '../../db/statements.js';
import { NOW, type OpinionRow } from './history.repository.js';
import {
  flowInstances,
  flowOpinions,
  flowTaskCandidates,
  flowTaskFollows,
  flowTasks,
  flowTokens,
  innerMessages,
  secretaries,
} from '../../db/schema.js';

/**
 * The engine's reads and writes of runtime rows: instances, tokens, tasks, candidates, messages (and, through
 * history.repository.ts, opinions).
 * What every command sends (locking its instance, reading its task and tokens, closing a task, ending
 * the instance) are fixed statements built once (db/statements.ts): the query builder would cost them
 * more CPU than the database spends on them.
 */

export type InstanceRow = typeof flowInstances.$inferSelect;
export type TaskRow = typeof flowTasks.$inferSelect;
export type TokenRow = typeof flowTokens.$inferSelect;
export type CandidateRow = typeof flowTaskCandidates.$inferSelect;

export * from './history.repository.js';

/** Tasks someone may still act on: pending, or waiting for the people its handler asked. */
export const OPEN_TASK_STATUSES = ['pending', 'waiting'] as const;

/** The id of the tree an instance (its id, or a subquery answering it) belongs to: its root's. */
const rootOf = (instanceId: SQL) =>
  sql`(select coalesce(${flowInstances.rootInstanceId}, ${flowInstances.id}) from ${flowInstances}
    where ${flowInstances.tenantId} = ${value('tenantId')} and ${flowInstances.id} = ${instanceId})`;

/** Locks the root of the tree an instance (its id, or a subquery answering it) belongs to. */
const lockRootWhere = <Values extends { tenantId: string }>(instanceId: SQL) =>
  rowStatement<typeof flowInstances, Values>(
    flowInstances,
    () => sql`select ${allColumns(flowInstances)} from ${flowInstances}
      where ${flowInstances.tenantId} = ${value('tenantId')} and ${flowInstances.id} = ${rootOf(instanceId)}
      for update`,
  );

const lockRootOfInstance = lockRootWhere<{ tenantId: string; id: string }>(sql`${value('id')}`);
const lockRootOfTaskStatement = lockRootWhere<{ tenantId: string; taskId: string }>(
  sql`(select ${flowTasks.instanceId} from ${flowTasks}
    where ${flowTasks.tenantId} = ${value('tenantId')} and ${flowTasks.id} = ${value('taskId')})`,
);

/**
 * Locks an instance for the rest of the transaction: every command on an instance runs one at a time.
 * The lock is taken on the root of its call-activity tree, so a parent and its children are one unit and
 * never wait for each other in opposite orders. Answers the instance itself.
 */
export async function lockInstance(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<InstanceRow | undefined> {
  const [root] = await lockRootOfInstance(tx, { tenantId, id });
  if (!root || root.id === id) return root;
  return findInstance(tx, tenantId, id);
}

/**
 * Locks the tree of the instance a task belongs to (as lockInstance), found from the task in the same
 * statement; answers the locked root (the task's instance, unless that is a call activity's child).
 */
export async function lockRootOfTask(tx: Executor, tenantId: string, taskId: string) {
  const [root] = await lockRootOfTaskStatement(tx, { tenantId, taskId });
  return root;
}

const instanceById = rowStatement<typeof flowInstances, { tenantId: string; id: string }>(
  flowInstances,
  () => sql`select ${allColumns(flowInstances)} from ${flowInstances}
    where ${flowInstances.tenantId} = ${value('tenantId')} and ${flowInstances.id} = ${value('id')}`,
);

export async function findInstance(db: Executor, tenantId: string, id: string) {
  const [row] = await instanceById(db, { tenantId, id });
  return row;
}

export async function insertInstance(tx: Executor, row: typeof flowInstances.$inferInsert) {
  await tx.insert(flowInstances).values(row);
}

export type InstancePatch = Partial<
  Pick<InstanceRow, 'status' | 'data' | 'vars' | 'subject' | 'endAt' | 'suspended' | 'defId' | 'createdAt'>
>;

const instanceColumns = getTableColumns(flowInstances);

export async function updateInstance(tx: Executor, tenantId: string, id: string, set: InstancePatch) {
  const assignments = Object.entries({ ...set, updatedAt: new Date() })
    .filter(([property, patched]) => patched !== undefined && property in instanceColumns)
    .map(([property, patched]) => {
      const column = instanceColumns[property as keyof typeof instanceColumns];
      return sql`${sql.identifier(column.name)} = ${sql.param(patched, column)}`;
    });
  await tx.execute(
    sql`update ${flowInstances} set ${sql.join(assignments, sql`, `)}
        where ${flowInstances.tenantId} = ${tenantId} and ${flowInstances.id} = ${id}`,
  );
}

const endWithoutTokens = statement<{ tenantId: string; id: string; status: string; endAt: Date }>(
  () => sql`update ${flowInstances}
    set status = ${value('status')}, end_at = ${sql.param(value('endAt'), flowInstances.endAt)},
        updated_at = ${sql.param(value('endAt'), flowInstances.updatedAt)}, suspended = false
    where ${flowInstances.tenantId} = ${value('tenantId')} and ${flowInstances.id} = ${value('id')}
      and not exists (
        select 1 from ${flowTokens}
        where ${flowTokens.tenantId} = ${value('tenantId')} and ${flowTokens.instanceId} = ${value('id')}
      )
    returning 1`,
);

/**
 * Ends an instance (status end, not suspended) only when it has no token left, nothing left to do;
 * answers whether it did.
 */
export async function endInstanceWithoutTokens(
  tx: Executor,
  tenantId: string,
  id: string,
  end: { status: string; endAt: Date },
): Promise<boolean> {
  return (await endWithoutTokens(tx, { tenantId, id, ...end })).length > 0;
}

export async function deleteInstance(tx: Executor, tenantId: string, id: string) {
  await tx.delete(flowInstances).where(and(eq(flowInstances.tenantId, tenantId), eq(flowInstances.id, id)));
}

/** The instances a call activity of the parent started, oldest first. */
export async function childInstances(db: Executor, tenantId: string, parentId: string, nodeId?: string) {
  return db
    .select()
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.parentInstanceId, parentId),
        nodeId ? eq(flowInstances.parentNodeId, nodeId) : undefined,
      ),
    )
    .orderBy(asc(flowInstances.createdAt), asc(flowInstances.id));
}

export async function insertToken(
  tx: Executor,
  row: Omit<typeof flowTokens.$inferInsert, 'id'>,
): Promise<TokenRow> {
  const [token] = await tx
    .insert(flowTokens)
    .values({ ...row, id: newId() })
    .returning();
  return token!;
}

const tokensOfInstance = rowStatement<typeof flowTokens, { tenantId: string; instanceId: string }>(
  flowTokens,
  () => sql`select ${allColumns(flowTokens)} from ${flowTokens}
    where ${flowTokens.tenantId} = ${value('tenantId')} and ${flowTokens.instanceId} = ${value('instanceId')}
    order by ${flowTokens.createdAt}, ${flowTokens.id}`,
);

export const tokensOf = (tx: Executor, tenantId: string, instanceId: string): Promise<TokenRow[]> =>
  tokensOfInstance(tx, { tenantId, instanceId });

const tokenById = rowStatement<typeof flowTokens, { tenantId: string; id: string }>(
  flowTokens,
  () => sql`select ${allColumns(flowTokens)} from ${flowTokens}
    where ${flowTokens.tenantId} = ${value('tenantId')} and ${flowTokens.id} = ${value('id')}`,
);

export async function findToken(tx: Executor, tenantId: string, id: string) {
  const [row] = await tokenById(tx, { tenantId, id });
  return row;
}

export async function setTokenSequence(
  tx: Executor,
  tenantId: string,
  id: string,
  sequence: string[] | null,
) {
  await tx
    .update(flowTokens)
    .set({ sequence })
    .where(and(eq(flowTokens.tenantId, tenantId), eq(flowTokens.id, id)));
}

const deleteToken = rowStatement<typeof flowTokens, { tenantId: string; id: string }>(
  flowTokens,
  () => sql`delete from ${flowTokens}
    where ${flowTokens.tenantId} = ${value('tenantId')} and ${flowTokens.id} = ${value('id')}
    returning ${allColumns(flowTokens)}`,
);

/** Removes a token and answers it (undefined when it is gone already). */
export async function takeToken(tx: Executor, tenantId: string, id: string): Promise<TokenRow | undefined> {
  const [row] = await deleteToken(tx, { tenantId, id });
  return row;
}

export async function deleteTokens(tx: Executor, tenantId: string, ids: string[]) {
  if (ids.length)
    await tx.delete(flowTokens).where(and(eq(flowTokens.tenantId, tenantId), inArray(flowTokens.id, ids)));
}

const taskById = rowStatement<typeof flowTasks, { tenantId: string; id: string }>(
  flowTasks,
  () => sql`select ${allColumns(flowTasks)} from ${flowTasks}
    where ${flowTasks.tenantId} = ${value('tenantId')} and ${flowTasks.id} = ${value('id')}`,
);

export async function findTask(db: Executor, tenantId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await taskById(db, { tenantId, id });
  return row;
}

const taskWithRowsOf = rowStatement<
  typeof flowTasks,
  { tenantId: string; id: string; userId: string },
  { principals: (string | null)[] }
>(
  flowTasks,
  () => sql`select ${allColumns(flowTasks)},
      array(
        select ${flowTaskCandidates.principalId} from ${flowTaskCandidates}
        where ${flowTaskCandidates.tenantId} = ${value('tenantId')} and ${flowTaskCandidates.taskId} = ${value('id')}
          and ${flowTaskCandidates.userId} = ${value('userId')}
      ) as "principals"
    from ${flowTasks}
    where ${flowTasks.tenantId} = ${value('tenantId')} and ${flowTasks.id} = ${value('id')}`,
);

/**
 * A task with the candidate rows a user holds on it (their own, principalId null, and those they hold
 * as an agent), in one query.
 */
export async function findTaskWithRowsOf(db: Executor, tenantId: string, id: string, userId: string) {
  const [row] = await taskWithRowsOf(db, { tenantId, id, userId });
  if (!row) return undefined;
  const { principals, ...task } = row;
  return { task, rows: principals.map((principalId) => ({ principalId })) };
}

export async function findTasks(db: Executor, tenantId: string, ids: string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.id, ids)));
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

/** The caller's candidate rows of a task: their own (principalId null) and those they hold as an agent. */
export async function candidateRowsOf(db: Executor, tenantId: string, taskId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(flowTaskCandidates)
    .where(
      and(
        eq(flowTaskCandidates.tenantId, tenantId),
        eq(flowTaskCandidates.taskId, taskId),
        inArray(flowTaskCandidates.userId, userIds),
      ),
    );
}

export async function candidatesOfTask(db: Executor, tenantId: string, taskId: string) {
  return db
    .select()
    .from(flowTaskCandidates)
    .where(and(eq(flowTaskCandidates.tenantId, tenantId), eq(flowTaskCandidates.taskId, taskId)));
}

export async function deleteCandidates(tx: Executor, tenantId: string, taskIds: string[]) {
  if (taskIds.length === 0) return;
  await tx
    .delete(flowTaskCandidates)
    .where(and(eq(flowTaskCandidates.tenantId, tenantId), inArray(flowTaskCandidates.taskId, taskIds)));
}

export async function insertCandidates(tx: Executor, rows: (typeof flowTaskCandidates.$inferInsert)[]) {
  if (rows.length) await tx.insert(flowTaskCandidates).values(rows).onConflictDoNothing();
}

/** Closes tasks: done (with who and how) or cancelled; their candidate rows go, as they leave every todo list. */
export async function closeTasks(
  tx: Executor,
  tenantId: string,
  ids: string[],
  close: { status: 'done' | 'cancelled'; completedBy?: string; completedByName?: string; action?: string },
) {
  if (ids.length === 0) return;
  await tx
    .update(flowTasks)
    .set({
      status: close.status,
      completedAt: NOW,
      completedBy: close.completedBy ?? null,
      completedByName: close.completedByName ?? null,
      action: close.action ?? null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.id, ids)));
  await deleteCandidates(tx, tenantId, ids);
}

export type TaskPatch = Partial<
  Pick<
    TaskRow,
    | 'status'
    | 'lockedBy'
    | 'lockedUntil'
    | 'isRead'
    | 'dueAt'
    | 'draftData'
    | 'draftOpinion'
    | 'urgentStateValue'
    | 'assigneeId'
    | 'ownerId'
    | 'type'
    | 'subject'
  >
>;

export async function updateTasks(tx: Executor, tenantId: string, ids: string[], set: TaskPatch) {
  if (ids.length === 0) return;
  await tx
    .update(flowTasks)
    .set(set)
    .where(and(eq(flowTasks.tenantId, tenantId), inArray(flowTasks.id, ids)));
}

/** The tasks of a tenant that meet a condition, oldest first. */
const tasksWhere = (tx: Executor, tenantId: string, condition: SQL | undefined) =>
  tx
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.tenantId, tenantId), condition))
    .orderBy(asc(flowTasks.createdAt), asc(flowTasks.id));

/** The open (pending or waiting) tasks of an instance, oldest first. */
export const openTasksOf = (tx: Executor, tenantId: string, instanceId: string) =>
  tasksWhere(
    tx,
    tenantId,
    and(eq(flowTasks.instanceId, instanceId), inArray(flowTasks.status, [...OPEN_TASK_STATUSES])),
  );

/** Every task of an instance, oldest first. */
export const tasksOfInstance = (db: Executor, tenantId: string, instanceId: string) =>
  tasksWhere(db, tenantId, eq(flowTasks.instanceId, instanceId));

/** The tasks of one countersign round, oldest first. */
export const batchTasks = (tx: Executor, tenantId: string, signBatch: string) =>
  tasksWhere(tx, tenantId, eq(flowTasks.signBatch, signBatch));

/** The open tasks of the people some handlers asked (communicate, inquire, transfer, add-sign). */
export async function openChildTasks(tx: Executor, tenantId: string, parentTaskIds: string[]) {
  if (parentTaskIds.length === 0) return [];
  return tx
    .select()
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        inArray(flowTasks.parentTaskId, parentTaskIds),
        inArray(flowTasks.status, [...OPEN_TASK_STATUSES]),
      ),
    );
}

interface CloseValues extends Record<string, unknown> {
  tenantId: string;
  id: string;
  instanceId: string;
  nodeId: string;
  tokenId: string;
  byId: string;
  byName: string;
  status: string;
  opinion: string | null;
  /** the attachments as JSON text */
  files: string;
  principalId: string | null;
  principalName: string | null;
}

/** closeHandledTask's statement, taking the task's token or not. */
const closeTask = (takeToken: boolean) =>
  statement<CloseValues, { followers: string[]; asked: boolean; returnToNodeId: string | null }>(() => {
    const tenantId = value('tenantId');
    const id = value('id');
    const taken = takeToken
      ? sql`delete from ${flowTokens} where tenant_id = ${tenantId} and id = ${value('tokenId')}
          returning return_to_node_id`
      : sql`select null::text as return_to_node_id where false`;
    return sql`
      with closed as (
        update ${flowTasks}
        set status = 'done', completed_at = ${NOW}, completed_by = ${value('byId')},
            completed_by_name = ${value('byName')}, action = ${value('status')}, locked_by = null
        where tenant_id = ${tenantId} and id = ${id}
      ), offered as (
        delete from ${flowTaskCandidates} where tenant_id = ${tenantId} and task_id = ${id}
      ), decided as (
        update ${flowOpinions}
        set status = ${value('status')}, auditor_id = ${value('byId')}, auditor_name = ${value('byName')},
            opinion = ${value('opinion')}, files = ${value('files')}::jsonb,
            principal_id = ${value('principalId')}, principal_name = ${value('principalName')},
            completed_at = ${NOW},
            dur_ms = (extract(epoch from ${NOW} - created_at) * 1000)::bigint
        where tenant_id = ${tenantId} and task_id = ${id} and status = 'awaiting_check'
      ), taken as (${taken})
      select array(
               select user_id from ${flowTaskFollows}
               where tenant_id = ${tenantId} and instance_id = ${value('instanceId')}
                 and (node_ids = '[]'::jsonb or node_ids @> jsonb_build_array(${value('nodeId')}::text))
             ) as followers,
             exists(
               select 1 from ${flowTasks}
               where tenant_id = ${tenantId} and parent_task_id = ${id}
                 and status in (${sql.join(
                   OPEN_TASK_STATUSES.map((status) => sql.raw(`'${status}'`)),
                   sql`, `,
                 )})
             ) as asked,
             (select return_to_node_id from taken) as "returnToNodeId"`;
  });
const closeTaskKeepingToken = closeTask(false);
const closeTaskTakingToken = closeTask(true);

/**
 * Closes a handled task in one statement: the task is done (by whom, how), its candidate rows go, its
 * waiting opinion gets the outcome, and, with `takeToken`, its token is taken (the task's node is left).
 * Answers the users following the task's node of its instance (a follow with an empty node list follows
 * every node), whether questions its handler asked (child tasks) are still open, and the node the taken
 * token was to return to (a send-back with direct return), if any.
 */
export async function closeHandledTask(
  tx: Executor,
  task: Pick<TaskRow, 'tenantId' | 'id' | 'instanceId' | 'nodeId' | 'tokenId'>,
  by: { id: string; name: string },
  outcome: Pick<OpinionRow, 'status' | 'opinion' | 'files' | 'principalId' | 'principalName'>,
  { takeToken }: { takeToken: boolean },
): Promise<{ followers: string[]; asked: boolean; returnToNodeId: string | null }> {
  const [row] = await (takeToken ? closeTaskTakingToken : closeTaskKeepingToken)(tx, {
    tenantId: task.tenantId,
    id: task.id,
    instanceId: task.instanceId,
    nodeId: task.nodeId,
    tokenId: task.tokenId,
    byId: by.id,
    byName: by.name,
    status: outcome.status,
    opinion: outcome.opinion,
    files: JSON.stringify(outcome.files),
    principalId: outcome.principalId,
    principalName: outcome.principalName,
  });
  return row!;
}

/** Keeps on a resubmission's opinion the fields the initiator changed. */
export async function recordResubmittedChanges(
  tx: Executor,
  tenantId: string,
  taskId: string,
  changes: FieldChange[],
) {
  await tx
    .update(flowOpinions)
    .set({ changes })
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.taskId, taskId),
        eq(flowOpinions.status, 'resubmit'),
      ),
    );
}

/** The latest resubmission of an instance: when, by whom, and the fields it changed. */
export async function latestResubmission(db: Executor, tenantId: string, instanceId: string) {
  const [row] = await db
    .select({
      time: flowOpinions.completedAt,
      by: flowOpinions.auditorName,
      changes: flowOpinions.changes,
    })
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.instanceId, instanceId),
        eq(flowOpinions.status, 'resubmit'),
      ),
    )
    .orderBy(desc(flowOpinions.completedAt))
    .limit(1);
  return row && { ...row, changes: (row.changes ?? []) as FieldChange[] };
}

export async function insertMessages(tx: Executor, rows: Omit<typeof innerMessages.$inferInsert, 'id'>[]) {
  if (rows.length) await tx.insert(innerMessages).values(rows.map((row) => ({ ...row, id: newId() })));
}

export async function isSecretaryOf(db: Executor, tenantId: string, secretaryId: string, leaderId: string) {
  const [row] = await db
    .select({ id: secretaries.id })
    .from(secretaries)
    .where(
      and(
        eq(secretaries.tenantId, tenantId),
        eq(secretaries.secretaryId, secretaryId),
        eq(secretaries.leaderId, leaderId),
      ),
    );
  return Boolean(row);
}

/** Opens a handled task again for `userId` (a countersign vote taken back): the vote is undone. */
export async function reopenTask(tx: Executor, tenantId: string, task: TaskRow, userId: string) {
  await tx
    .update(flowTasks)
    .set({ status: 'pending', completedAt: null, completedBy: null, completedByName: null, action: null })
    .where(and(eq(flowTasks.tenantId, tenantId), eq(flowTasks.id, task.id)));
  await insertCandidates(tx, [
    {
      tenantId,
      taskId: task.id,
      userId,
      principalId: null,
      createdAt: task.createdAt,
      subject: task.subject,
    },
  ]);
  await tx
    .update(flowOpinions)
    .set({
      status: 'awaiting_check',
      auditorId: null,
      auditorName: null,
      opinion: null,
      files: [],
      principalId: null,
      principalName: null,
      completedAt: null,
      durMs: null,
    })
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        eq(flowOpinions.taskId, task.id),
        // the task's own opinion row (created with it); questions it asked are rows without a task type
        isNotNull(flowOpinions.taskType),
      ),
    );
}
