import type { ApprovalItem, QueryFilter } from '@eip/contracts';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { approvalItems } from '../../db/schema.js';

type ItemRow = typeof approvalItems.$inferSelect;

const ITEM_COLUMNS: FilterColumns = {
  expression: { sql: approvalItems.expression, type: 'string' },
  defKey: { sql: approvalItems.defKey, type: 'string' },
  typeId: { sql: approvalItems.typeId, type: 'string' },
  sn: { sql: approvalItems.sn, type: 'number' },
  createTime: { sql: approvalItems.createdAt, type: 'date' },
};

export const toApprovalItem = (row: ItemRow): ApprovalItem => ({
  id: row.id,
  expression: row.expression,
  defKey: row.defKey,
  typeId: row.typeId,
  sn: row.sn,
  shared: row.userId === null,
  createTime: row.createdAt.toISOString(),
});

/** Whose phrases: a user's own, or the tenant's shared ones (no owner) when `ownerId` is null. */
const ownedBy = (ownerId: string | null) =>
  ownerId === null ? isNull(approvalItems.userId) : eq(approvalItems.userId, ownerId);

export async function queryItems(
  db: Executor,
  tenantId: string,
  ownerId: string | null,
  filter: QueryFilter,
) {
  const q = compileQueryFilter(filter, ITEM_COLUMNS, {
    defaultSort: [asc(approvalItems.sn), asc(approvalItems.createdAt), asc(approvalItems.id)],
  });
  const where = and(eq(approvalItems.tenantId, tenantId), ownedBy(ownerId), q.where);
  const rows = await db
    .select()
    .from(approvalItems)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toApprovalItem), () =>
    db.select({ n: count() }).from(approvalItems).where(where),
  );
}

export async function findItem(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(approvalItems)
    .where(and(eq(approvalItems.tenantId, tenantId), eq(approvalItems.id, id)));
  return row;
}

export interface ItemValues {
  expression: string;
  defKey: string | null;
  typeId: string | null;
  sn: number;
}

export async function insertItem(db: Executor, tenantId: string, ownerId: string | null, values: ItemValues) {
  const id = newId();
  await db.insert(approvalItems).values({ tenantId, id, userId: ownerId, ...values });
  return id;
}

export async function updateItem(db: Executor, tenantId: string, id: string, values: ItemValues) {
  await db
    .update(approvalItems)
    .set(values)
    .where(and(eq(approvalItems.tenantId, tenantId), eq(approvalItems.id, id)));
}

/** Deletes phrases among `ids` that the user owns, and shared ones too when `withShared`. */
export async function deleteItems(
  db: Executor,
  tenantId: string,
  ids: string[],
  owner: { userId: string; withShared: boolean },
) {
  if (ids.length === 0) return 0;
  const removed = await db
    .delete(approvalItems)
    .where(
      and(
        eq(approvalItems.tenantId, tenantId),
        inArray(approvalItems.id, ids),
        owner.withShared ? or(ownedBy(owner.userId), ownedBy(null)) : ownedBy(owner.userId),
      ),
    )
    .returning({ id: approvalItems.id });
  return removed.length;
}

/**
 * The phrases a handler of a flow sees: their own and the shared ones, for every flow or for this flow
 * or its type; the flow's own first, then its type's, then the general ones, each by sn.
 */
export async function itemsForFlow(
  db: Executor,
  tenantId: string,
  userId: string,
  flow: { defKey: string; typeId: string | null },
) {
  const rows = await db
    .select()
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.tenantId, tenantId),
        or(ownedBy(userId), ownedBy(null)),
        or(isNull(approvalItems.defKey), eq(approvalItems.defKey, flow.defKey)),
        flow.typeId === null
          ? isNull(approvalItems.typeId)
          : or(isNull(approvalItems.typeId), eq(approvalItems.typeId, flow.typeId)),
      ),
    )
    .orderBy(
      sql`${approvalItems.defKey} is null`,
      sql`${approvalItems.typeId} is null`,
      asc(approvalItems.sn),
      asc(approvalItems.createdAt),
      asc(approvalItems.id),
    );
  return rows.map(toApprovalItem);
}
