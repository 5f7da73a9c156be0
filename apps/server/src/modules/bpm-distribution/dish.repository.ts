import type { QueryFilter } from '@eip/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { withinOrg } from '../uc/directory.repository.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import {
  flowDishOuts,
  flowDishReceivers,
  flowTaskCandidates,
  flowTasks,
  orgs,
  orgUsers,
  users,
} from '../../db/schema.js';

const ACTIVE = 1;
const iso = (time: Date | null) => time?.toISOString() ?? null;

export type DishOut = typeof flowDishOuts.$inferSelect;
export type DishReceiverRow = typeof flowDishReceivers.$inferSelect;

/**
 * Whether the user handles the instance: they handled one of its tasks, or may handle one of its open
 * tasks (its assignee or one of its candidates).
 */
export async function handlesInstance(db: Executor, tenantId: string, instanceId: string, userId: string) {
  const [row] = await db
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.instanceId, instanceId),
        sql`(${flowTasks.completedBy} = ${userId}
             or (${flowTasks.status} = 'pending' and (${flowTasks.assigneeId} = ${userId}
                 or exists (select 1 from ${flowTaskCandidates} c where c.tenant_id = ${flowTasks.tenantId}
                            and c.task_id = ${flowTasks.id} and c.user_id = ${userId}))))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The orgs of the tenant among `ids`, with their names and path names (names from the root, '/' between). */
export async function orgsByIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: orgs.id, name: orgs.name, pathName: orgs.pathName })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, ids)));
}

/**
 * The active members of the orgs — direct ones, and with `subOrgs` those of every org below them (by the
 * org path, as audiences of news reach sub-orgs) — one row per chosen org and membership: the chosen
 * org's id and the path name of the member's own org, the chosen org's own members first.
 */
export async function orgMembers(db: Executor, tenantId: string, orgIds: string[], subOrgs: boolean) {
  if (orgIds.length === 0) return [];
  const chosen = alias(orgs, 'chosen_org');
  const own = alias(orgs, 'member_org');
  return db
    .select({ orgId: chosen.id, orgPathName: own.pathName, userId: users.id, name: users.fullname })
    .from(chosen)
    .innerJoin(
      own,
      and(eq(own.tenantId, chosen.tenantId), subOrgs ? withinOrg(own, chosen) : eq(own.id, chosen.id)),
    )
    .innerJoin(orgUsers, and(eq(orgUsers.tenantId, own.tenantId), eq(orgUsers.orgId, own.id)))
    .innerJoin(users, and(eq(users.tenantId, orgUsers.tenantId), eq(users.id, orgUsers.userId)))
    .where(and(eq(chosen.tenantId, tenantId), inArray(chosen.id, orgIds), eq(users.status, ACTIVE)))
    .orderBy(asc(own.path), asc(users.fullname));
}

/** Writes a distribution and its receivers; answers its id. */
export async function insertDishOut(
  tx: Executor,
  dish: Omit<typeof flowDishOuts.$inferInsert, 'id'>,
  receivers: { receiverId: string; receiverName: string; orgName: string | null }[],
) {
  const id = newId();
  await tx.insert(flowDishOuts).values({ ...dish, id });
  await tx
    .insert(flowDishReceivers)
    .values(receivers.map((r) => ({ ...r, tenantId: dish.tenantId, dishId: id })));
  return id;
}

export async function findDishOut(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowDishOuts)
    .where(and(eq(flowDishOuts.tenantId, tenantId), eq(flowDishOuts.id, id)));
  return row;
}

/**
 * Records a reminder of the distribution when the last one (if any) was at least `intervalMinutes` ago;
 * answers the time recorded, or nothing when it is too soon (two reminders at once: one wins).
 */
export async function recordReminder(db: Executor, tenantId: string, id: string, intervalMinutes: number) {
  const [row] = await db
    .update(flowDishOuts)
    .set({ remindedAt: sql`now()` })
    .where(
      and(
        eq(flowDishOuts.tenantId, tenantId),
        eq(flowDishOuts.id, id),
        or(
          isNull(flowDishOuts.remindedAt),
          lte(flowDishOuts.remindedAt, sql`now() - make_interval(mins => ${intervalMinutes})`),
        ),
      ),
    )
    .returning({ remindedAt: flowDishOuts.remindedAt });
  return row?.remindedAt ?? undefined;
}

export async function receiversOf(db: Executor, tenantId: string, dishId: string) {
  return db
    .select()
    .from(flowDishReceivers)
    .where(and(eq(flowDishReceivers.tenantId, tenantId), eq(flowDishReceivers.dishId, dishId)))
    .orderBy(sql`${flowDishReceivers.signedAt} asc nulls last`, flowDishReceivers.receiverName);
}

export async function findReceipt(db: Executor, tenantId: string, dishId: string, receiverId: string) {
  const [row] = await db
    .select()
    .from(flowDishReceivers)
    .where(
      and(
        eq(flowDishReceivers.tenantId, tenantId),
        eq(flowDishReceivers.dishId, dishId),
        eq(flowDishReceivers.receiverId, receiverId),
      ),
    );
  return row;
}

/** Records the receiver's first read, and with `sign` their signing for it; earlier times stay. */
export async function markReceipt(
  db: Executor,
  tenantId: string,
  dishId: string,
  receiverId: string,
  sign: boolean,
) {
  const [row] = await db
    .update(flowDishReceivers)
    .set({
      readAt: sql`coalesce(${flowDishReceivers.readAt}, now())`,
      ...(sign ? { signedAt: sql`coalesce(${flowDishReceivers.signedAt}, now())` } : {}),
    })
    .where(
      and(
        eq(flowDishReceivers.tenantId, tenantId),
        eq(flowDishReceivers.dishId, dishId),
        eq(flowDishReceivers.receiverId, receiverId),
      ),
    )
    .returning();
  return row;
}

export const toReceiver = (r: DishReceiverRow) => ({
  userId: r.receiverId,
  name: r.receiverName,
  orgName: r.orgName,
  signTime: iso(r.signedAt),
  readTime: iso(r.readAt),
});

const receiverCount = (signedOnly: boolean) =>
  sql<number>`(select count(*)::int from ${flowDishReceivers} r where r.tenant_id = ${flowDishOuts.tenantId}
               and r.dish_id = ${flowDishOuts.id}${signedOnly ? sql` and r.signed_at is not null` : sql``})`;

export const toDishOutRow = (d: DishOut, total: number, signed: number) => ({
  id: d.id,
  instId: d.instanceId,
  subject: d.subject,
  procDefName: d.defName,
  senderId: d.senderId,
  senderName: d.senderName,
  opinion: d.opinion,
  createTime: d.createdAt.toISOString(),
  targets: d.targets,
  total,
  signed,
});

const DISH_COLUMNS: FilterColumns = {
  subject: { sql: flowDishOuts.subject, type: 'string' },
  procDefKey: { sql: flowDishOuts.defKey, type: 'string' },
  procDefName: { sql: flowDishOuts.defName, type: 'string' },
  createTime: { sql: flowDishOuts.createdAt, type: 'date' },
};

/** The sender's distributions, newest first, each with how many received it and how many signed for it. */
export async function queryDishOuts(db: Executor, tenantId: string, senderId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, DISH_COLUMNS, {
    defaultSort: [desc(flowDishOuts.createdAt), desc(flowDishOuts.id)],
  });
  const where = and(eq(flowDishOuts.tenantId, tenantId), eq(flowDishOuts.senderId, senderId), q.where);
  const rows = await db
    .select({ dish: flowDishOuts, total: receiverCount(false), signed: receiverCount(true) })
    .from(flowDishOuts)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => toDishOutRow(r.dish, r.total, r.signed)),
    () => db.select({ n: count() }).from(flowDishOuts).where(where),
  );
}

const RECEIVED_COLUMNS: FilterColumns = {
  ...DISH_COLUMNS,
  senderName: { sql: flowDishOuts.senderName, type: 'string' },
  signTime: { sql: flowDishReceivers.signedAt, type: 'date' },
  readTime: { sql: flowDishReceivers.readAt, type: 'date' },
};

export const toReceivedDish = (d: DishOut, r: Pick<DishReceiverRow, 'signedAt' | 'readAt'> | undefined) => ({
  id: d.id,
  instId: d.instanceId,
  subject: d.subject,
  procDefName: d.defName,
  senderName: d.senderName,
  opinion: d.opinion,
  createTime: d.createdAt.toISOString(),
  signTime: iso(r?.signedAt ?? null),
  readTime: iso(r?.readAt ?? null),
});

/** The distributions the user received, newest first. */
export async function queryReceived(db: Executor, tenantId: string, receiverId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, RECEIVED_COLUMNS, {
    defaultSort: [desc(flowDishReceivers.createdAt), desc(flowDishReceivers.dishId)],
  });
  const where = and(
    eq(flowDishReceivers.tenantId, tenantId),
    eq(flowDishReceivers.receiverId, receiverId),
    q.where,
  );
  const join = and(
    eq(flowDishOuts.tenantId, flowDishReceivers.tenantId),
    eq(flowDishOuts.id, flowDishReceivers.dishId),
  );
  const rows = await db
    .select({ dish: flowDishOuts, receipt: flowDishReceivers })
    .from(flowDishReceivers)
    .innerJoin(flowDishOuts, join)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => toReceivedDish(r.dish, r.receipt)),
    () => db.select({ n: count() }).from(flowDishReceivers).innerJoin(flowDishOuts, join).where(where),
  );
}

/** Whether the user received a distribution of the instance (they may then read it as a document). */
export const receivedInstance = (
  tenantId: string,
  userId: string,
  instanceId: SQLWrapper | string,
): SQL => sql`exists (
  select 1 from ${flowDishReceivers} dr join ${flowDishOuts} d on d.tenant_id = dr.tenant_id and d.id = dr.dish_id
  where dr.tenant_id = ${tenantId} and dr.receiver_id = ${userId} and d.instance_id = ${instanceId})`;

export async function receivesInstance(db: Executor, tenantId: string, userId: string, instanceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(flowDishOuts)
    .where(receivedInstance(tenantId, userId, instanceId));
  return (row?.n ?? 0) > 0;
}
