import type { QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowDocuments } from '../../db/schema.js';
import { participates } from '../bpm/lists.repository.js';
import { receivedInstance } from './dish.repository.js';

export type LibraryDocumentRow = typeof flowDocuments.$inferSelect;

export const toLibraryDocument = (d: LibraryDocumentRow) => ({
  id: d.id,
  businessKey: d.instanceId,
  instId: d.instanceId,
  subject: d.subject,
  procDefName: d.defName,
  filedById: d.filedById,
  filedBy: d.filedByName,
  filedTime: d.filedAt.toISOString(),
});

/** Files an instance (or files it again: the stored data, subject, filer and time are replaced). */
export async function fileDocument(
  db: Executor,
  doc: Omit<typeof flowDocuments.$inferInsert, 'id' | 'filedAt'>,
) {
  const [row] = await db
    .insert(flowDocuments)
    .values({ ...doc, id: newId() })
    .onConflictDoUpdate({
      target: [flowDocuments.tenantId, flowDocuments.instanceId],
      set: {
        subject: doc.subject,
        defKey: doc.defKey,
        defName: doc.defName,
        data: doc.data,
        filedById: doc.filedById,
        filedByName: doc.filedByName,
        filedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function findDocument(db: Executor, tenantId: string, instanceId: string) {
  const [row] = await db
    .select()
    .from(flowDocuments)
    .where(and(eq(flowDocuments.tenantId, tenantId), eq(flowDocuments.instanceId, instanceId)));
  return row;
}

const DOCUMENT_COLUMNS: FilterColumns = {
  subject: { sql: flowDocuments.subject, type: 'string' },
  procDefKey: { sql: flowDocuments.defKey, type: 'string' },
  procDefName: { sql: flowDocuments.defName, type: 'string' },
  filedBy: { sql: flowDocuments.filedByName, type: 'string' },
  filedTime: { sql: flowDocuments.filedAt, type: 'date' },
};

/**
 * The filed documents a reader may read (those of requests they take part in or received), newest
 * first; every one of the tenant with no reader (administrators).
 */
export async function queryDocuments(
  db: Executor,
  tenantId: string,
  filter: QueryFilter,
  readerId: string | undefined,
) {
  const q = compileQueryFilter(filter, DOCUMENT_COLUMNS, {
    defaultSort: [desc(flowDocuments.filedAt), desc(flowDocuments.id)],
  });
  const where = and(
    eq(flowDocuments.tenantId, tenantId),
    readerId === undefined
      ? undefined
      : or(
          participates(tenantId, readerId, flowDocuments.instanceId),
          receivedInstance(tenantId, readerId, flowDocuments.instanceId),
        ),
    q.where,
  );
  const rows = await db
    .select()
    .from(flowDocuments)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toLibraryDocument), () =>
    db.select({ n: count() }).from(flowDocuments).where(where),
  );
}
