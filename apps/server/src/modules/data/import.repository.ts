import type { BoDefinition, ImportError, ImportRow, QueryFilter } from '@eip/contracts';
import { and, asc, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { boRows, importCaches, importLogs } from '../../db/schema.js';
import { recordColumns } from './data.repository.js';

/** Cached dry runs older than this are dropped when the user starts another. */
const CACHE_HOURS = 24;

export async function saveImportCache(
  db: Executor,
  cache: {
    tenantId: string;
    templateAlias: string;
    userId: string;
    fileName: string;
    rows: ImportRow[];
    errors: ImportError[];
  },
) {
  await db
    .delete(importCaches)
    .where(
      and(
        eq(importCaches.tenantId, cache.tenantId),
        eq(importCaches.userId, cache.userId),
        lt(importCaches.createdAt, new Date(Date.now() - CACHE_HOURS * 3600_000)),
      ),
    );
  const [row] = await db
    .insert(importCaches)
    .values({ ...cache, id: newId() })
    .returning();
  return row!;
}

export async function findImportCache(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(importCaches)
    .where(
      and(eq(importCaches.tenantId, tenantId), eq(importCaches.userId, userId), eq(importCaches.id, id)),
    );
  return row;
}

/** Removes a dry run; false when another request removed it first. */
export async function takeImportCache(db: Executor, tenantId: string, id: string) {
  const removed = await db
    .delete(importCaches)
    .where(and(eq(importCaches.tenantId, tenantId), eq(importCaches.id, id)))
    .returning({ id: importCaches.id });
  return removed.length > 0;
}

export async function insertRecords(
  db: Executor,
  tenantId: string,
  boAlias: string,
  rows: Record<string, unknown>[],
  userId: string,
) {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(boRows)
      .values(
        rows
          .slice(start, start + 500)
          .map((data) => ({ tenantId, id: newId(), boAlias, data, createdBy: userId })),
      );
  }
}

export async function insertImportLog(db: Executor, log: Omit<typeof importLogs.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(importLogs)
    .values({ ...log, id: newId() })
    .returning();
  return row!;
}

const LOG_COLUMNS: FilterColumns = {
  templateAlias: { sql: importLogs.templateAlias, type: 'string' },
  fileName: { sql: importLogs.fileName, type: 'string' },
  createTime: { sql: importLogs.createdAt, type: 'date' },
};

export async function listImportLogs(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, LOG_COLUMNS, {
    defaultSort: [desc(importLogs.createdAt), desc(importLogs.id)],
  });
  const where = and(eq(importLogs.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(importLogs)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(importLogs).where(where));
}

/**
 * The next batch of a template's records for an export, in id order after `afterId`: the ids named, or
 * those matching the filter's conditions.
 */
export async function recordsAfter(
  db: Executor,
  tenantId: string,
  boAlias: string,
  bo: BoDefinition,
  scope: { ids?: string[]; filter?: QueryFilter },
  afterId: string,
  limit: number,
) {
  const where = scope.ids
    ? inArray(boRows.id, scope.ids)
    : compileQueryFilter(
        { querys: scope.filter?.querys, groupRelation: scope.filter?.groupRelation },
        recordColumns(bo),
      ).where;
  return db
    .select({ id: boRows.id, data: boRows.data })
    .from(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.boAlias, boAlias), gt(boRows.id, afterId), where))
    .orderBy(asc(boRows.id))
    .limit(limit);
}
