import type { QueryFilter, Tag } from '@eip/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { sysTags } from '../../db/schema.js';

type TagRow = typeof sysTags.$inferSelect;

const toTag = (row: TagRow): Tag => ({
  id: row.id,
  typeKey: row.typeKey,
  name: row.name,
  color: row.color,
  sn: row.sn,
  createTime: row.createdAt.toISOString(),
});

const TAG_COLUMNS: FilterColumns = {
  id: { sql: sysTags.id, type: 'string' },
  typeKey: { sql: sysTags.typeKey, type: 'string' },
  name: { sql: sysTags.name, type: 'string' },
  color: { sql: sysTags.color, type: 'string' },
  sn: { sql: sysTags.sn, type: 'number' },
  createTime: { sql: sysTags.createdAt, type: 'date' },
};

export async function queryTags(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, TAG_COLUMNS, {
    defaultSort: [asc(sysTags.sn), asc(sysTags.name), asc(sysTags.id)],
  });
  const where = and(eq(sysTags.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(sysTags)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toTag), () => db.select({ n: count() }).from(sysTags).where(where));
}

export async function findTag(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(sysTags)
    .where(and(eq(sysTags.tenantId, tenantId), eq(sysTags.id, id)));
  return row;
}

/** Whether another tag of the kind has this name, ignoring case. */
export async function nameTaken(db: Executor, tenantId: string, typeKey: string, name: string, id?: string) {
  const [row] = await db
    .select({ id: sysTags.id })
    .from(sysTags)
    .where(
      and(
        eq(sysTags.tenantId, tenantId),
        eq(sysTags.typeKey, typeKey),
        sql`lower(${sysTags.name}) = lower(${name})`,
        id ? ne(sysTags.id, id) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Inserts a tag; undefined when a tag of the same kind and name came first (the unique index). */
export async function insertTag(db: Executor, row: typeof sysTags.$inferInsert) {
  const [saved] = await db.insert(sysTags).values(row).onConflictDoNothing().returning();
  return saved && toTag(saved);
}

export async function updateTag(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Pick<TagRow, 'typeKey' | 'name' | 'color' | 'sn'>,
) {
  const [saved] = await db
    .update(sysTags)
    .set(patch)
    .where(and(eq(sysTags.tenantId, tenantId), eq(sysTags.id, id)))
    .returning();
  return toTag(saved!);
}
