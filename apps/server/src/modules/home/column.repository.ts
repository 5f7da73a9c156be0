import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { homeColumns, homeLayouts } from '../../db/schema.js';

export type ColumnRow = typeof homeColumns.$inferSelect;
export type ColumnInsert = typeof homeColumns.$inferInsert;

/** The columns of a tenant, in catalogue order (a tenant has tens of them: the catalogue is read whole). */
export const listColumns = (db: Executor, tenantId: string) =>
  db
    .select()
    .from(homeColumns)
    .where(eq(homeColumns.tenantId, tenantId))
    .orderBy(asc(homeColumns.sn), asc(homeColumns.createdAt), asc(homeColumns.id));

export async function findColumnsByAlias(db: Executor, tenantId: string, aliases: string[]) {
  if (aliases.length === 0) return [];
  return db
    .select()
    .from(homeColumns)
    .where(and(eq(homeColumns.tenantId, tenantId), inArray(homeColumns.alias, aliases)));
}

export async function findColumnById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(homeColumns)
    .where(and(eq(homeColumns.tenantId, tenantId), eq(homeColumns.id, id)))
    .for('update');
  return row;
}

export async function insertColumn(db: Executor, row: ColumnInsert) {
  const [saved] = await db.insert(homeColumns).values(row).onConflictDoNothing().returning();
  return saved;
}

export async function updateColumn(db: Executor, row: ColumnInsert & { id: string }) {
  const [saved] = await db
    .update(homeColumns)
    .set(row)
    .where(and(eq(homeColumns.tenantId, row.tenantId), eq(homeColumns.id, row.id)))
    .returning();
  return saved;
}

export async function removeColumns(db: Executor, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(homeColumns)
    .where(and(eq(homeColumns.tenantId, tenantId), inArray(homeColumns.id, ids)))
    .returning({ id: homeColumns.id });
  return rows.length;
}

/** The names of the layouts that place any of these column aliases. */
export async function layoutsPlacing(db: Executor, tenantId: string, aliases: string[]) {
  if (aliases.length === 0) return [];
  const rows = await db
    .select({ name: homeLayouts.name })
    .from(homeLayouts)
    .where(
      and(
        eq(homeLayouts.tenantId, tenantId),
        sql`exists (select 1 from jsonb_array_elements(${homeLayouts.items}) item
          where item->>'alias' = any(${sql.param(aliases)}::text[]))`,
      ),
    )
    .orderBy(asc(homeLayouts.sn), asc(homeLayouts.name));
  return rows.map((row) => row.name);
}
