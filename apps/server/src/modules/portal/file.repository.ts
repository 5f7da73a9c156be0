import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sysFileLinks, sysFiles } from '../../db/schema.js';
import type { FileOwner } from './file-access.js';

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

/** Links the files to their owner; links already there stay. */
export async function linkFiles(db: Executor, tenantId: string, owner: FileOwner, fileIds: string[]) {
  if (fileIds.length === 0) return;
  await db
    .insert(sysFileLinks)
    .values(
      [...new Set(fileIds)].map((fileId) => ({ tenantId, fileId, ownerType: owner.type, ownerId: owner.id })),
    )
    .onConflictDoNothing();
}

/** The owners a file is linked to, by owner type. */
export async function ownersOfFile(db: Executor, tenantId: string, fileId: string) {
  const rows = await db
    .select({ type: sysFileLinks.ownerType, id: sysFileLinks.ownerId })
    .from(sysFileLinks)
    .where(and(eq(sysFileLinks.tenantId, tenantId), eq(sysFileLinks.fileId, fileId)));
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.id]);
  return byType;
}
