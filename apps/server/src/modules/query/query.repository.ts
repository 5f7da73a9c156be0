import type { CustomQueryDefinition, QueryFilter } from '@eip/contracts';
import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { boRows, customCharts, customDialogs, customQueries, orgs } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export type QueryRow = typeof customQueries.$inferSelect;
type Data = Record<string, unknown>;

/** How long one statement of a custom query may run. */
export const QUERY_TIMEOUT_MS = 5000;
/** PostgreSQL's code of a statement cancelled by its timeout. */
const QUERY_CANCELED = '57014';

const causeCode = (error: unknown): unknown => {
  const e = error as { code?: unknown; cause?: unknown } | undefined;
  return e?.code ?? (e?.cause as { code?: unknown } | undefined)?.code;
};

/**
 * Runs reads in a read-only transaction whose statements stop after `timeoutMs` (SET LOCAL: only this
 * transaction); a statement stopped by it is a clear 503.
 */
export async function readOnly<T>(db: Db, run: (tx: Executor) => Promise<T>, timeoutMs = QUERY_TIMEOUT_MS) {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`));
      return run(tx);
    });
  } catch (error) {
    if (causeCode(error) === QUERY_CANCELED) throw new AppError(503, 'customQuery.timeout');
    throw error;
  }
}

const byIdOrAlias = (tenantId: string, idOrAlias: string) =>
  and(
    eq(customQueries.tenantId, tenantId),
    or(eq(customQueries.id, idOrAlias), eq(customQueries.alias, idOrAlias)),
  );

export async function findQuery(db: Executor, tenantId: string, idOrAlias: string) {
  const [row] = await db.select().from(customQueries).where(byIdOrAlias(tenantId, idOrAlias)).limit(1);
  return row;
}

export async function findQueryByAlias(db: Executor, tenantId: string, alias: string) {
  const [row] = await db
    .select()
    .from(customQueries)
    .where(and(eq(customQueries.tenantId, tenantId), eq(customQueries.alias, alias)));
  return row;
}

const QUERY_COLUMNS: FilterColumns = {
  alias: { sql: customQueries.alias, type: 'string' },
  name: { sql: customQueries.name, type: 'string' },
  boAlias: { sql: sql`${customQueries.def} ->> 'boAlias'`, type: 'string' },
};

export async function listQueries(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, QUERY_COLUMNS, { defaultSort: [asc(customQueries.alias)] });
  const where = and(eq(customQueries.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(customQueries)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(customQueries).where(where));
}

export async function insertQuery(
  db: Executor,
  tenantId: string,
  query: { alias: string; name: string; def: CustomQueryDefinition },
) {
  const [row] = await db
    .insert(customQueries)
    .values({ tenantId, id: newId(), ...query })
    .returning();
  return row!;
}

export async function updateQuery(
  db: Executor,
  tenantId: string,
  id: string,
  query: { alias: string; name: string; def: CustomQueryDefinition },
) {
  const [row] = await db
    .update(customQueries)
    .set({ ...query, updatedAt: new Date() })
    .where(and(eq(customQueries.tenantId, tenantId), eq(customQueries.id, id)))
    .returning();
  return row;
}

export async function deleteQueries(db: Executor, tenantId: string, ids: string[]) {
  const deleted = await db
    .delete(customQueries)
    .where(and(eq(customQueries.tenantId, tenantId), inArray(customQueries.id, ids)))
    .returning({ id: customQueries.id });
  return deleted.length;
}

/** What a compiled custom query reads: the tenant's records of one business object meeting `where`. */
export interface RecordScope {
  tenantId: string;
  boAlias: string;
  where: SQL | undefined;
}

const scopeWhere = (scope: RecordScope) =>
  and(eq(boRows.tenantId, scope.tenantId), eq(boRows.boAlias, scope.boAlias), scope.where);

/** The columns as one JSON object: each a bound field name, read from the record's JSON. */
const picked = (columns: string[]) =>
  sql<Data>`jsonb_build_object(${sql.join(
    columns.map((name) => sql`${name}::text, ${boRows.data} -> ${name}::text`),
    sql`, `,
  )})`;

export async function queryRows(
  db: Executor,
  scope: RecordScope,
  columns: string[],
  page: { orderBy: SQL[]; limit: number; offset: number },
) {
  const rows = await db
    .select({ id: boRows.id, data: picked(columns) })
    .from(boRows)
    .where(scopeWhere(scope))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row.data, id: row.id }));
}

export async function countRows(db: Executor, scope: RecordScope) {
  return db.select({ n: count() }).from(boRows).where(scopeWhere(scope));
}

/**
 * The records grouped by `category` with `value` aggregated, in category order, at most `limit` groups. The
 * grouping names the first column by its position: the category's bound values would otherwise be other
 * parameters in GROUP BY than in the select list, which PostgreSQL does not take for the same expression.
 */
export async function groupedRows(
  db: Executor,
  scope: RecordScope,
  category: SQL,
  value: SQL,
  limit: number,
) {
  const first = sql.raw('1');
  return db
    .select({ category: sql<string>`${category}`, value: sql<number>`${value}`.mapWith(Number) })
    .from(boRows)
    .where(and(scopeWhere(scope), isNotNull(category)))
    .groupBy(first)
    .orderBy(first)
    .limit(limit);
}

export async function findChart(db: Executor, tenantId: string, idOrAlias: string) {
  const [row] = await db
    .select()
    .from(customCharts)
    .where(
      and(
        eq(customCharts.tenantId, tenantId),
        or(eq(customCharts.id, idOrAlias), eq(customCharts.alias, idOrAlias)),
      ),
    )
    .limit(1);
  return row;
}

export async function findDialog(db: Executor, tenantId: string, alias: string) {
  const [row] = await db
    .select()
    .from(customDialogs)
    .where(and(eq(customDialogs.tenantId, tenantId), eq(customDialogs.alias, alias)));
  return row;
}

/** The most nodes a tree dialog shows. */
const TREE_LIMIT = 5000;

export async function orgNodes(db: Executor, tenantId: string, demId: string) {
  return db
    .select({ id: orgs.id, parentId: orgs.parentId, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.demId, demId)))
    .orderBy(asc(orgs.grade), asc(orgs.sn), asc(orgs.id))
    .limit(TREE_LIMIT);
}
