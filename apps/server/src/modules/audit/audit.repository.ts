import type { AuditRecord, QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { auditLog } from '../../db/schema.js';

type AuditRow = typeof auditLog.$inferSelect;

const FAILURE_PREFIX = 'failure:';
const outcome = sql<string>`case when ${auditLog.result} in ('success', 'noop') then ${auditLog.result} else 'failure' end`;

const AUDIT_COLUMNS: FilterColumns = {
  account: { sql: auditLog.account, type: 'string' },
  action: { sql: auditLog.action, type: 'string' },
  target: { sql: auditLog.target, type: 'string' },
  outcome: { sql: outcome, type: 'string' },
  clientIp: { sql: auditLog.clientIp, type: 'string' },
  createTime: { sql: auditLog.createdAt, type: 'date' },
};

const NEWEST_FIRST = [desc(auditLog.createdAt), desc(auditLog.id)];

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

/** One page of the tenant's audit records; nothing of another tenant is ever read. */
export async function queryAudit(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, AUDIT_COLUMNS, { defaultSort: NEWEST_FIRST });
  const where = and(eq(auditLog.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toRecord), () => db.select({ n: count() }).from(auditLog).where(where));
}

/**
 * The tenant's audit records the filter selects, newest first, `batch` at a time (paging by id, which grows
 * with time), up to `limit` in all.
 */
export async function* auditRecords(
  db: Executor,
  tenantId: string,
  filter: QueryFilter,
  batch: number,
  limit: number,
): AsyncGenerator<AuditRecord[]> {
  const { where } = compileQueryFilter(
    { querys: filter.querys, groupRelation: filter.groupRelation },
    AUDIT_COLUMNS,
  );
  let before: number | null = null;
  for (let left = limit; left > 0;) {
    const rows: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tenantId, tenantId), where, before === null ? undefined : lt(auditLog.id, before)),
      )
      .orderBy(desc(auditLog.id))
      .limit(Math.min(batch, left));
    if (!rows.length) return;
    yield rows.map(toRecord);
    left -= rows.length;
    before = rows.at(-1)!.id;
  }
}
