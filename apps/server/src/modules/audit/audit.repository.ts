import type { AuditRecord, QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { auditLog, auditLogArchive } from '../../db/schema.js';

/** The audit trail, or its archive (records past the retention, moved there as they were). */
type Trail = typeof auditLog | typeof auditLogArchive;
export const trailOf = (archived: boolean): Trail => (archived ? auditLogArchive : auditLog);

const FAILURE_PREFIX = 'failure:';
const outcomeOf = (trail: Trail) =>
  sql<string>`case when ${trail.result} in ('success', 'noop') then ${trail.result} else 'failure' end`;

const columnsOf = (trail: Trail): FilterColumns => ({
  account: { sql: trail.account, type: 'string' },
  action: { sql: trail.action, type: 'string' },
  target: { sql: trail.target, type: 'string' },
  outcome: { sql: outcomeOf(trail), type: 'string' },
  clientIp: { sql: trail.clientIp, type: 'string' },
  createTime: { sql: trail.createdAt, type: 'date' },
});

/** What a record says, in either trail. */
const recordOf = (trail: Trail) => ({
  id: trail.id,
  userId: trail.userId,
  account: trail.account,
  action: trail.action,
  target: trail.target,
  result: trail.result,
  clientIp: trail.clientIp,
  requestId: trail.requestId,
  createdAt: trail.createdAt,
});
type AuditRow = Omit<typeof auditLog.$inferSelect, 'tenantId' | 'hash'>;

const toRecord = (row: AuditRow): AuditRecord => ({
  id: String(row.id),
  userId: row.userId,
  account: row.account,
  action: row.action,
  target: row.target,
  outcome: row.result === 'success' || row.result === 'noop' ? row.result : 'failure',
  failureCode: row.result.startsWith(FAILURE_PREFIX) ? row.result.slice(FAILURE_PREFIX.length) : null,
  clientIp: row.clientIp,
  requestId: row.requestId,
  createTime: row.createdAt.toISOString(),
});

/** One page of the tenant's audit records of a trail; nothing of another tenant is ever read. */
export async function queryAudit(db: Executor, tenantId: string, trail: Trail, filter: QueryFilter) {
  const q = compileQueryFilter(filter, columnsOf(trail), {
    defaultSort: [desc(trail.createdAt), desc(trail.id)],
  });
  const where = and(eq(trail.tenantId, tenantId), q.where);
  const rows = await db
    .select(recordOf(trail))
    .from(trail)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toRecord), () => db.select({ n: count() }).from(trail).where(where));
}

/**
 * The tenant's audit records the filter selects, newest first, `batch` at a time (paging by id, which grows
 * with time), up to `limit` in all.
 */
export async function* auditRecords(
  db: Executor,
  tenantId: string,
  trail: Trail,
  filter: QueryFilter,
  batch: number,
  limit: number,
): AsyncGenerator<AuditRecord[]> {
  const { where } = compileQueryFilter(
    { querys: filter.querys, groupRelation: filter.groupRelation },
    columnsOf(trail),
  );
  let before: number | null = null;
  for (let left = limit; left > 0;) {
    const rows: AuditRow[] = await db
      .select(recordOf(trail))
      .from(trail)
      .where(and(eq(trail.tenantId, tenantId), where, before === null ? undefined : lt(trail.id, before)))
      .orderBy(desc(trail.id))
      .limit(Math.min(batch, left));
    if (!rows.length) return;
    yield rows.map(toRecord);
    left -= rows.length;
    before = rows.at(-1)!.id;
  }
}
