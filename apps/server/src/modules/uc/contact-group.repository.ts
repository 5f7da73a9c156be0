import type { QueryFilter } from '@eip/contracts';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { contactGroups, contactGroupUsers, users } from '../../db/schema.js';

type GroupRow = typeof contactGroups.$inferSelect;

/** The groups with their member counts (one grouped query for all of them). */
async function withMemberCounts(db: Executor, tenantId: string, rows: GroupRow[]) {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ groupId: contactGroupUsers.groupId, n: count() })
        .from(contactGroupUsers)
        .where(and(eq(contactGroupUsers.tenantId, tenantId), inArray(contactGroupUsers.groupId, ids)))
        .groupBy(contactGroupUsers.groupId)
    : [];
  const byGroup = new Map(counts.map((c) => [c.groupId, c.n]));
  return rows.map((row) => toGroup(row, byGroup.get(row.id) ?? 0));
}

const toGroup = (row: GroupRow, members: number) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  sn: row.sn,
  memberCount: members,
  createTime: row.createdAt.toISOString(),
});

const GROUP_COLUMNS: FilterColumns = {
  id: { sql: contactGroups.id, type: 'string' },
  name: { sql: contactGroups.name, type: 'string' },
  code: { sql: contactGroups.code, type: 'string' },
  sn: { sql: contactGroups.sn, type: 'number' },
  createTime: { sql: contactGroups.createdAt, type: 'date' },
};

export async function queryOwnGroups(db: Executor, tenantId: string, ownerId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, GROUP_COLUMNS, {
    defaultSort: [asc(contactGroups.sn), asc(contactGroups.id)],
  });
  const where = and(eq(contactGroups.tenantId, tenantId), eq(contactGroups.ownerId, ownerId), q.where);
  const rows = await db
    .select()
    .from(contactGroups)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, await withMemberCounts(db, tenantId, rows), () =>
    db.select({ n: count() }).from(contactGroups).where(where),
  );
}

export async function findOwnGroup(db: Executor, tenantId: string, ownerId: string, id: string) {
  const rows = await db
    .select()
    .from(contactGroups)
    .where(
      and(eq(contactGroups.tenantId, tenantId), eq(contactGroups.ownerId, ownerId), eq(contactGroups.id, id)),
    );
  return (await withMemberCounts(db, tenantId, rows))[0];
}

/** Locks one of the owner's groups for the transaction (members are added and reordered one at a time). */
export async function lockOwnGroup(tx: Executor, tenantId: string, ownerId: string, id: string) {
  const [row] = await tx
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(
      and(eq(contactGroups.tenantId, tenantId), eq(contactGroups.ownerId, ownerId), eq(contactGroups.id, id)),
    )
    .for('update');
  return row;
}

export async function insertGroup(
  db: Executor,
  tenantId: string,
  ownerId: string,
  input: { name: string; code?: string; sn?: number },
) {
  const id = newId();
  await db.insert(contactGroups).values({
    tenantId,
    id,
    ownerId,
    name: input.name,
    code: input.code || id,
    sn: input.sn ?? 0,
  });
  return id;
}

export async function updateGroup(
  db: Executor,
  tenantId: string,
  id: string,
  input: { name: string; code?: string; sn?: number },
) {
  await db
    .update(contactGroups)
    .set({
      name: input.name,
      ...(input.code ? { code: input.code } : {}),
      ...(input.sn !== undefined ? { sn: input.sn } : {}),
    })
    .where(and(eq(contactGroups.tenantId, tenantId), eq(contactGroups.id, id)));
}

/** Which of `ids` are the owner's own contact groups. */
export async function ownGroupIds(db: Executor, tenantId: string, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(
      and(
        eq(contactGroups.tenantId, tenantId),
        eq(contactGroups.ownerId, ownerId),
        inArray(contactGroups.id, ids),
      ),
    );
  return rows.map((row) => row.id);
}

/** Deletes the owner's groups among `ids` and their members; answers how many groups went. */
export async function deleteOwnGroups(db: Executor, tenantId: string, ownerId: string, ids: string[]) {
  const ownIds = await ownGroupIds(db, tenantId, ownerId, ids);
  if (ownIds.length === 0) return 0;
  await db
    .delete(contactGroupUsers)
    .where(and(eq(contactGroupUsers.tenantId, tenantId), inArray(contactGroupUsers.groupId, ownIds)));
  await db
    .delete(contactGroups)
    .where(and(eq(contactGroups.tenantId, tenantId), inArray(contactGroups.id, ownIds)));
  return ownIds.length;
}

const MEMBER_COLUMNS: FilterColumns = {
  userId: { sql: contactGroupUsers.userId, type: 'string' },
  account: { sql: users.account, type: 'string' },
  fullname: { sql: users.fullname, type: 'string' },
  email: { sql: users.email, type: 'string' },
  mobile: { sql: users.mobile, type: 'string' },
  sn: { sql: contactGroupUsers.sn, type: 'number' },
};

const memberSelection = {
  id: contactGroupUsers.id,
  groupId: contactGroupUsers.groupId,
  userId: contactGroupUsers.userId,
  account: users.account,
  fullname: users.fullname,
  email: users.email,
  mobile: users.mobile,
  sn: contactGroupUsers.sn,
};

const membersOf = (db: Executor) =>
  db
    .select(memberSelection)
    .from(contactGroupUsers)
    .innerJoin(
      users,
      and(eq(users.tenantId, contactGroupUsers.tenantId), eq(users.id, contactGroupUsers.userId)),
    );

export async function queryMembers(db: Executor, tenantId: string, groupId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, MEMBER_COLUMNS, {
    defaultSort: [asc(contactGroupUsers.sn), asc(contactGroupUsers.id)],
    defaultPageSize: 50,
  });
  const where = and(
    eq(contactGroupUsers.tenantId, tenantId),
    eq(contactGroupUsers.groupId, groupId),
    q.where,
  );
  const rows = await membersOf(db)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () =>
    db
      .select({ n: count() })
      .from(contactGroupUsers)
      .innerJoin(
        users,
        and(eq(users.tenantId, contactGroupUsers.tenantId), eq(users.id, contactGroupUsers.userId)),
      )
      .where(where),
  );
}

export async function allMembers(db: Executor, tenantId: string, groupId: string) {
  return membersOf(db)
    .where(and(eq(contactGroupUsers.tenantId, tenantId), eq(contactGroupUsers.groupId, groupId)))
    .orderBy(asc(contactGroupUsers.sn), asc(contactGroupUsers.id));
}

/** Appends users at the end of the group's order; users already in it stay where they are. */
export async function addMembers(db: Executor, tenantId: string, groupId: string, userIds: string[]) {
  const [last] = await db
    .select({ sn: max(contactGroupUsers.sn) })
    .from(contactGroupUsers)
    .where(and(eq(contactGroupUsers.tenantId, tenantId), eq(contactGroupUsers.groupId, groupId)));
  const start = (last?.sn ?? 0) + 1;
  await db
    .insert(contactGroupUsers)
    .values(userIds.map((userId, i) => ({ tenantId, id: newId(), groupId, userId, sn: start + i })))
    .onConflictDoNothing();
}

/** Members among `ids` that belong to groups of this owner. */
export async function ownMembers(db: Executor, tenantId: string, ownerId: string, ids: string[]) {
  return db
    .select({ id: contactGroupUsers.id, groupId: contactGroupUsers.groupId, sn: contactGroupUsers.sn })
    .from(contactGroupUsers)
    .innerJoin(
      contactGroups,
      and(
        eq(contactGroups.tenantId, contactGroupUsers.tenantId),
        eq(contactGroups.id, contactGroupUsers.groupId),
      ),
    )
    .where(
      and(
        eq(contactGroupUsers.tenantId, tenantId),
        eq(contactGroups.ownerId, ownerId),
        inArray(contactGroupUsers.id, ids),
      ),
    );
}

export async function setMemberOrder(db: Executor, tenantId: string, id: string, sn: number) {
  await db
    .update(contactGroupUsers)
    .set({ sn })
    .where(and(eq(contactGroupUsers.tenantId, tenantId), eq(contactGroupUsers.id, id)));
}

export async function deleteMembers(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const removed = await db
    .delete(contactGroupUsers)
    .where(and(eq(contactGroupUsers.tenantId, tenantId), inArray(contactGroupUsers.id, ids)))
    .returning({ id: contactGroupUsers.id });
  return removed.length;
}
