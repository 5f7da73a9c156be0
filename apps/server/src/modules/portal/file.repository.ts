import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowOpinions, sysFiles } from '../../db/schema.js';
import { participates } from '../bpm/lists.repository.js';

export type FileRow = typeof sysFiles.$inferSelect;

export async function insertFile(db: Executor, row: typeof sysFiles.$inferInsert) {
  await db.insert(sysFiles).values(row);
}

export async function findFile(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(sysFiles)
    .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.id, id)));
  return row;
}

/** How many of the files the user uploaded themselves. */
export async function countOwnFiles(db: Executor, tenantId: string, userId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(sysFiles)
    .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.createdBy, userId), inArray(sysFiles.id, ids)));
  return row?.n ?? 0;
}

/** Whether an opinion of an instance the user takes part in attaches the file. */
export async function attachedWhereUserTakesPart(
  db: Executor,
  tenantId: string,
  userId: string,
  fileId: string,
) {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(flowOpinions)
    .where(
      and(
        eq(flowOpinions.tenantId, tenantId),
        sql`${flowOpinions.files} @> ${JSON.stringify([{ response: { fileId } }])}::jsonb`,
        participates(tenantId, userId, flowOpinions.instanceId),
      ),
    )
    .limit(1);
  return Boolean(row);
}
