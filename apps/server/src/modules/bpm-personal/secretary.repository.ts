import type { QueryFilter, Secretary } from '@eip/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { secretaries, users } from '../../db/schema.js';

const leader = alias(users, 'leader');
const secretary = alias(users, 'secretary');

const SECRETARY_COLUMNS: FilterColumns = {
  leaderId: { sql: secretaries.leaderId, type: 'string' },
  leaderName: { sql: leader.fullname, type: 'string' },
  secretaryId: { sql: secretaries.secretaryId, type: 'string' },
  secretaryName: { sql: secretary.fullname, type: 'string' },
  createTime: { sql: secretaries.createdAt, type: 'date' },
};

const leaderJoin = and(eq(leader.tenantId, secretaries.tenantId), eq(leader.id, secretaries.leaderId));
const secretaryJoin = and(
  eq(secretary.tenantId, secretaries.tenantId),
  eq(secretary.id, secretaries.secretaryId),
);

const named = (db: Executor) =>
  db
    .select({
      id: secretaries.id,
      leaderId: secretaries.leaderId,
      leaderName: leader.fullname,
      secretaryId: secretaries.secretaryId,
      secretaryName: secretary.fullname,
      createdAt: secretaries.createdAt,
    })
    .from(secretaries)
    .innerJoin(leader, leaderJoin)
    .innerJoin(secretary, secretaryJoin);

const toSecretary = ({ createdAt, ...row }: Awaited<ReturnType<typeof named>>[number]): Secretary => ({
  ...row,
  createTime: createdAt.toISOString(),
});

/** Leader–secretary pairs of one leader, or of the whole tenant when `leaderId` is undefined. */
export async function querySecretaries(
  db: Executor,
  tenantId: string,
  filter: QueryFilter,
  leaderId: string | undefined,
) {
  const q = compileQueryFilter(filter, SECRETARY_COLUMNS, {
    defaultSort: [asc(leader.account), asc(secretary.account), asc(secretaries.id)],
  });
  const where = and(
    eq(secretaries.tenantId, tenantId),
    leaderId === undefined ? undefined : eq(secretaries.leaderId, leaderId),
    q.where,
  );
  const rows = await named(db)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toSecretary), () =>
    db
      .select({ n: count() })
      .from(secretaries)
      .innerJoin(leader, leaderJoin)
      .innerJoin(secretary, secretaryJoin)
      .where(where),
  );
}

export async function findSecretary(db: Executor, tenantId: string, id: string) {
  const [row] = await named(db).where(and(eq(secretaries.tenantId, tenantId), eq(secretaries.id, id)));
  return row && toSecretary(row);
}

/** The pair of this leader and secretary other than `exceptId`, if there is one. */
export async function findPair(
  db: Executor,
  tenantId: string,
  pair: { leaderId: string; secretaryId: string },
  exceptId: string | undefined,
) {
  const [row] = await db
    .select({ id: secretaries.id })
    .from(secretaries)
    .where(
      and(
        eq(secretaries.tenantId, tenantId),
        eq(secretaries.leaderId, pair.leaderId),
        eq(secretaries.secretaryId, pair.secretaryId),
        exceptId === undefined ? undefined : ne(secretaries.id, exceptId),
      ),
    );
  return row;
}

export async function insertSecretary(
  db: Executor,
  tenantId: string,
  pair: { leaderId: string; secretaryId: string },
) {
  const id = newId();
  await db.insert(secretaries).values({ tenantId, id, ...pair });
  return id;
}

export async function updateSecretary(
  db: Executor,
  tenantId: string,
  id: string,
  pair: { leaderId: string; secretaryId: string },
) {
  await db
    .update(secretaries)
    .set(pair)
    .where(and(eq(secretaries.tenantId, tenantId), eq(secretaries.id, id)));
}

/** Deletes pairs among `ids`: of one leader, or any of the tenant when `leaderId` is undefined. */
export async function deleteSecretaries(
  db: Executor,
  tenantId: string,
  ids: string[],
  leaderId: string | undefined,
) {
  if (ids.length === 0) return 0;
  const removed = await db
    .delete(secretaries)
    .where(
      and(
        eq(secretaries.tenantId, tenantId),
        inArray(secretaries.id, ids),
        leaderId === undefined ? undefined : eq(secretaries.leaderId, leaderId),
      ),
    )
    .returning({ id: secretaries.id });
  return removed.length;
}

/** The active secretaries of these leaders, by name, with the leader each serves. */
export async function secretariesOf(db: Executor, tenantId: string, leaderIds: string[]) {
  if (leaderIds.length === 0) return [];
  return db
    .select({ leaderId: secretaries.leaderId, id: secretaries.secretaryId, fullname: secretary.fullname })
    .from(secretaries)
    .innerJoin(secretary, secretaryJoin)
    .where(
      and(
        eq(secretaries.tenantId, tenantId),
        inArray(secretaries.leaderId, leaderIds),
        eq(secretary.status, 1),
      ),
    )
    .orderBy(asc(secretary.fullname));
}
