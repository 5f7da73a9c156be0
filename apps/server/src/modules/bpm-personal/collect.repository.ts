import type { CollectTargetType, QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowCollections, flowInstances } from '../../db/schema.js';
import { participates, toInstanceRow } from '../bpm/lists.repository.js';

const COLLECT_COLUMNS: FilterColumns = {
  subject: { sql: flowInstances.subject, type: 'string' },
  procDefKey: { sql: flowInstances.defKey, type: 'string' },
  procDefName: { sql: flowInstances.defName, type: 'string' },
  status: { sql: flowInstances.status, type: 'string' },
  creator: { sql: flowInstances.initiatorName, type: 'string' },
  createTime: { sql: flowInstances.createdAt, type: 'date' },
  collectTime: { sql: flowCollections.createdAt, type: 'date' },
};

const instanceJoin = and(
  eq(flowInstances.tenantId, flowCollections.tenantId),
  eq(flowInstances.id, flowCollections.targetId),
);

/** The instances the user collected and takes part in. */
const collectedBy = (tenantId: string, userId: string) =>
  and(
    eq(flowCollections.tenantId, tenantId),
    eq(flowCollections.userId, userId),
    eq(flowCollections.targetType, 'instance'),
    participates(tenantId, userId, flowInstances.id),
  );

const countWhere = (db: Executor, where: SQL | undefined) =>
  db.select({ n: count() }).from(flowCollections).innerJoin(flowInstances, instanceJoin).where(where);

export async function queryCollected(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, COLLECT_COLUMNS, {
    defaultSort: [desc(flowCollections.createdAt), desc(flowInstances.id)],
  });
  const where = and(collectedBy(tenantId, userId), q.where);
  const rows = await db
    .select({ instance: flowInstances, collectedAt: flowCollections.createdAt })
    .from(flowCollections)
    .innerJoin(flowInstances, instanceJoin)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map(({ instance, collectedAt }) => ({
      ...toInstanceRow(instance),
      collectTime: collectedAt.toISOString(),
    })),
    () => countWhere(db, where),
  );
}

export async function countCollected(db: Executor, tenantId: string, userId: string) {
  const [row] = await countWhere(db, collectedBy(tenantId, userId));
  return row?.n ?? 0;
}

/** Adds to the user's collection; false when it was there already. */
export async function addCollection(
  db: Executor,
  tenantId: string,
  userId: string,
  target: { targetType: CollectTargetType; targetId: string },
) {
  const added = await db
    .insert(flowCollections)
    .values({ tenantId, userId, ...target })
    .onConflictDoNothing()
    .returning({ targetId: flowCollections.targetId });
  return added.length > 0;
}

/** Takes out of the user's collection; false when it was not there. */
export async function removeCollection(
  db: Executor,
  tenantId: string,
  userId: string,
  target: { targetType: CollectTargetType; targetId: string },
) {
  const removed = await db
    .delete(flowCollections)
    .where(
      and(
        eq(flowCollections.tenantId, tenantId),
        eq(flowCollections.userId, userId),
        eq(flowCollections.targetType, target.targetType),
        eq(flowCollections.targetId, target.targetId),
      ),
    )
    .returning({ targetId: flowCollections.targetId });
  return removed.length > 0;
}
