import type { BoDefinition, FieldChange, QueryFilter } from '@eip/contracts';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import {
  boDefs,
  boModifyRecords,
  boRows,
  dataDicts,
  dataTemplates,
  roles,
  templateDrafts,
  userRoles,
  users,
} from '../../db/schema.js';

export type BoDefRow = typeof boDefs.$inferSelect;
export type TemplateRow = typeof dataTemplates.$inferSelect;
export type RecordRow = typeof boRows.$inferSelect;
export type DraftRow = typeof templateDrafts.$inferSelect;
type Data = Record<string, unknown>;

export async function findBoDef(db: Executor, tenantId: string, idOrAlias: string) {
  const [row] = await db
    .select()
    .from(boDefs)
    .where(and(eq(boDefs.tenantId, tenantId), or(eq(boDefs.id, idOrAlias), eq(boDefs.alias, idOrAlias))));
  return row;
}

export async function findTemplate(db: Executor, tenantId: string, alias: string) {
  const [row] = await db
    .select()
    .from(dataTemplates)
    .where(and(eq(dataTemplates.tenantId, tenantId), eq(dataTemplates.alias, alias)));
  return row;
}

export async function findTemplateByFormKey(db: Executor, tenantId: string, formKey: string) {
  const [row] = await db
    .select()
    .from(dataTemplates)
    .where(and(eq(dataTemplates.tenantId, tenantId), eq(dataTemplates.formKey, formKey)))
    .limit(1);
  return row;
}

const TEMPLATE_COLUMNS: FilterColumns = {
  alias: { sql: dataTemplates.alias, type: 'string' },
  name: { sql: dataTemplates.name, type: 'string' },
  boAlias: { sql: dataTemplates.boAlias, type: 'string' },
};

export async function listTemplates(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, TEMPLATE_COLUMNS, { defaultSort: [asc(dataTemplates.alias)] });
  const where = and(eq(dataTemplates.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(dataTemplates)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(dataTemplates).where(where));
}

/** The filterable properties of a business object's records: its main fields, by their JSON value. */
export function recordColumns(bo: BoDefinition): FilterColumns {
  const columns: FilterColumns = {
    createTime: { sql: boRows.createdAt, type: 'date' },
    updateTime: { sql: boRows.updatedAt, type: 'date' },
  };
  for (const field of bo.fields) {
    const text = sql`(${boRows.data} ->> ${field.name}::text)`;
    if (field.type === 'number') columns[field.name] = { sql: sql`${text}::numeric`, type: 'number' };
    else if (field.type === 'date') columns[field.name] = { sql: sql`${text}::date`, type: 'date' };
    else columns[field.name] = { sql: text, type: 'string' };
  }
  return columns;
}

export async function listRecords(
  db: Executor,
  tenantId: string,
  boAlias: string,
  bo: BoDefinition,
  filter: QueryFilter,
) {
  const q = compileQueryFilter(filter, recordColumns(bo), {
    defaultSort: [desc(boRows.createdAt), desc(boRows.id)],
  });
  const where = and(eq(boRows.tenantId, tenantId), eq(boRows.boAlias, boAlias), q.where);
  // the list shows main fields only: sub-entity rows stay in the database
  const subs = sql.join(
    bo.subs.map((sub) => sql`${sub.alias}::text`),
    sql`, `,
  );
  const main = sql<Data>`${boRows.data} - array[${subs}]::text[]`;
  const rows = await db
    .select({ id: boRows.id, data: main, createdAt: boRows.createdAt, updatedAt: boRows.updatedAt })
    .from(boRows)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(boRows).where(where));
}

export async function findRecord(db: Executor, tenantId: string, boAlias: string, id: string) {
  const [row] = await db
    .select()
    .from(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.boAlias, boAlias), eq(boRows.id, id)));
  return row;
}

/** Whether a record of any business object with this id is the tenant's. */
export async function recordExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: boRows.id })
    .from(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.id, id)));
  return Boolean(row);
}

export async function insertRecord(
  db: Executor,
  tenantId: string,
  boAlias: string,
  data: Data,
  userId: string,
) {
  const [row] = await db
    .insert(boRows)
    .values({ tenantId, id: newId(), boAlias, data, createdBy: userId })
    .returning();
  return row!;
}

/** Changes a record if it still has `version`; undefined when someone changed it first. */
export async function updateRecord(
  db: Executor,
  tenantId: string,
  id: string,
  version: number,
  data: Data,
  userId: string,
) {
  const [row] = await db
    .update(boRows)
    .set({ data, version: version + 1, updatedBy: userId, updatedAt: new Date() })
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.id, id), eq(boRows.version, version)))
    .returning();
  return row;
}

export async function lockRecords(db: Executor, tenantId: string, boAlias: string, ids: string[]) {
  return db
    .select()
    .from(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.boAlias, boAlias), inArray(boRows.id, ids)))
    .for('update');
}

export async function deleteRecords(db: Executor, tenantId: string, boAlias: string, ids: string[]) {
  const deleted = await db
    .delete(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.boAlias, boAlias), inArray(boRows.id, ids)))
    .returning({ id: boRows.id });
  return deleted.length;
}

/** One page of a record's sub-entity rows, sliced in the database. */
export async function subRowsPage(
  db: Executor,
  tenantId: string,
  id: string,
  subAlias: string,
  offset: number,
  size: number,
) {
  const path = `$[${offset} to ${offset + size - 1}]`;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(jsonb_array_length(${boRows.data} -> ${subAlias}::text), 0)`.mapWith(
        Number,
      ),
      rows: sql<
        Data[]
      >`coalesce(jsonb_path_query_array(${boRows.data} -> ${subAlias}::text, ${path}::jsonpath), '[]'::jsonb)`,
    })
    .from(boRows)
    .where(and(eq(boRows.tenantId, tenantId), eq(boRows.id, id)));
  return row;
}

export async function saveDraft(
  db: Executor,
  draft: {
    tenantId: string;
    id?: string;
    templateAlias: string;
    userId: string;
    refId: string | null;
    data: Data;
  },
) {
  if (draft.id) {
    const [row] = await db
      .update(templateDrafts)
      .set({ data: draft.data, refId: draft.refId, updatedAt: new Date() })
      .where(
        and(
          eq(templateDrafts.tenantId, draft.tenantId),
          eq(templateDrafts.id, draft.id),
          eq(templateDrafts.userId, draft.userId),
          eq(templateDrafts.templateAlias, draft.templateAlias),
        ),
      )
      .returning();
    return row;
  }
  const [row] = await db
    .insert(templateDrafts)
    .values({ ...draft, id: newId() })
    .returning();
  return row;
}

export async function findDraft(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(templateDrafts)
    .where(
      and(
        eq(templateDrafts.tenantId, tenantId),
        eq(templateDrafts.userId, userId),
        eq(templateDrafts.id, id),
      ),
    );
  return row;
}

export async function deleteDraft(db: Executor, tenantId: string, userId: string, id: string) {
  await db
    .delete(templateDrafts)
    .where(
      and(
        eq(templateDrafts.tenantId, tenantId),
        eq(templateDrafts.userId, userId),
        eq(templateDrafts.id, id),
      ),
    );
}

const DRAFT_COLUMNS: FilterColumns = { updateTime: { sql: templateDrafts.updatedAt, type: 'date' } };

export async function listDrafts(
  db: Executor,
  tenantId: string,
  userId: string,
  templateAlias: string,
  filter: QueryFilter,
) {
  const q = compileQueryFilter(filter, DRAFT_COLUMNS, { defaultSort: [desc(templateDrafts.updatedAt)] });
  const where = and(
    eq(templateDrafts.tenantId, tenantId),
    eq(templateDrafts.userId, userId),
    eq(templateDrafts.templateAlias, templateAlias),
    q.where,
  );
  const rows = await db
    .select()
    .from(templateDrafts)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(templateDrafts).where(where));
}

export async function insertModifyRecord(
  db: Executor,
  record: {
    tenantId: string;
    boAlias: string;
    refId: string;
    userId: string;
    userName: string;
    changes: FieldChange[];
  },
) {
  await db.insert(boModifyRecords).values({ ...record, id: newId() });
}

const MODIFY_COLUMNS: FilterColumns = { createTime: { sql: boModifyRecords.createdAt, type: 'date' } };

export async function listModifyRecords(db: Executor, tenantId: string, refId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, MODIFY_COLUMNS, {
    defaultSort: [desc(boModifyRecords.createdAt), desc(boModifyRecords.id)],
  });
  const where = and(eq(boModifyRecords.tenantId, tenantId), eq(boModifyRecords.refId, refId), q.where);
  const rows = await db
    .select()
    .from(boModifyRecords)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(boModifyRecords).where(where));
}

/** The caller's role codes and whether they administer the tenant. */
export async function callerRoles(db: Executor, tenantId: string, userId: string) {
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const codes = await db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  return { isAdmin: Boolean(user?.isAdmin), codes: new Set(codes.map((c) => c.code)) };
}

/** The keys of the dictionaries named, by type key. */
export async function dictKeys(db: Executor, tenantId: string, typeKeys: string[]) {
  if (!typeKeys.length) return new Map<string, Set<string>>();
  const rows = await db
    .select({ typeKey: dataDicts.typeKey, key: dataDicts.key })
    .from(dataDicts)
    .where(and(eq(dataDicts.tenantId, tenantId), inArray(dataDicts.typeKey, typeKeys)));
  const keys = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!keys.has(row.typeKey)) keys.set(row.typeKey, new Set());
    keys.get(row.typeKey)!.add(row.key);
  }
  return keys;
}

/** The entries (key and name) of the dictionaries named, by type key, in order. */
export async function dictEntriesOf(db: Executor, tenantId: string, typeKeys: string[]) {
  const entries = new Map<string, { key: string; name: string }[]>();
  if (!typeKeys.length) return entries;
  const rows = await db
    .select({ typeKey: dataDicts.typeKey, key: dataDicts.key, name: dataDicts.name })
    .from(dataDicts)
    .where(and(eq(dataDicts.tenantId, tenantId), inArray(dataDicts.typeKey, typeKeys)))
    .orderBy(asc(dataDicts.sn));
  for (const row of rows) {
    if (!entries.has(row.typeKey)) entries.set(row.typeKey, []);
    entries.get(row.typeKey)!.push({ key: row.key, name: row.name });
  }
  return entries;
}
