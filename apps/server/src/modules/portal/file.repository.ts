import { and, eq, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { sysFileLinks, sysFileRenditions, sysFiles, users } from '../../db/schema.js';
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

/** The uploader's name of each file, by file id. */
export async function creatorNames(db: Executor, tenantId: string, files: FileRow[]) {
  const ids = [...new Set(files.map((f) => f.createdBy))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.fullname })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Serialises one user's uploads until the transaction ends, so that two at once cannot both fit under the
 * quota that only one of them fits under.
 */
export async function lockUploader(tx: Tx, tenantId: string, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload:${tenantId}:${userId}`}, 0))`);
}

/** The bytes of the files a user uploaded that are still kept: what counts against their quota. */
export async function usedBytes(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: sum(sysFiles.size) })
    .from(sysFiles)
    .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.createdBy, userId)));
  return Number(row?.n ?? 0);
}

export async function updateFile(
  db: Executor,
  tenantId: string,
  id: string,
  change: { name?: string; description?: string | null },
) {
  await db
    .update(sysFiles)
    .set(change)
    .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.id, id)));
}

/**
 * How many of the files the user uploaded themselves. The rows are share-locked until the transaction
 * ends: the cleanup job cannot remove a file while it is being attached.
 */
export async function countOwnFiles(db: Executor, tenantId: string, userId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: sysFiles.id })
    .from(sysFiles)
    .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.createdBy, userId), inArray(sysFiles.id, ids)))
    .for('share');
  return rows.length;
}

/** Links the files to their owner; links already there stay. */
export async function linkFiles(db: Executor, tenantId: string, owner: FileOwner, fileIds: string[]) {
  await linkFilesToOwners(db, tenantId, owner.type, [owner.id], fileIds);
}

/** Links files to many owners of one type at once (a message's attachments to each receiver's row). */
export async function linkFilesToOwners(
  db: Executor,
  tenantId: string,
  ownerType: string,
  ownerIds: string[],
  fileIds: string[],
) {
  const links = ownerIds.flatMap((ownerId) =>
    [...new Set(fileIds)].map((fileId) => ({ tenantId, fileId, ownerType, ownerId })),
  );
  if (links.length === 0) return;
  await db.insert(sysFileLinks).values(links).onConflictDoNothing();
}

/** Unlinks every file of these owners (removed): a file nothing links to any more is cleaned up later. */
export async function unlinkOwners(db: Executor, tenantId: string, ownerType: string, ownerIds: string[]) {
  if (ownerIds.length === 0) return;
  await db
    .delete(sysFileLinks)
    .where(
      and(
        eq(sysFileLinks.tenantId, tenantId),
        eq(sysFileLinks.ownerType, ownerType),
        inArray(sysFileLinks.ownerId, ownerIds),
      ),
    );
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

/** The size of a kept rendition of the file (a converted PDF, a thumbnail); undefined when none is kept. */
export async function renditionSize(db: Executor, tenantId: string, fileId: string, kind: string) {
  const [row] = await db
    .select({ size: sysFileRenditions.size })
    .from(sysFileRenditions)
    .where(
      and(
        eq(sysFileRenditions.tenantId, tenantId),
        eq(sysFileRenditions.fileId, fileId),
        eq(sysFileRenditions.kind, kind),
      ),
    );
  return row?.size;
}

export async function insertRendition(
  db: Executor,
  row: { tenantId: string; fileId: string; kind: string; size: number },
) {
  await db.insert(sysFileRenditions).values(row).onConflictDoNothing();
}

/** No link names the file. */
const unlinked = sql`not exists (select 1 from ${sysFileLinks} where ${sysFileLinks.tenantId} = ${sysFiles.tenantId} and ${sysFileLinks.fileId} = ${sysFiles.id})`;

/**
 * Removes up to `limit` files that nothing links to and that were uploaded before `before`, with their
 * renditions' rows; answers what was removed, so that their bytes can go too. Files being attached (their
 * rows share-locked) are skipped and wait for the next round.
 */
export async function removeOrphans(tx: Tx, before: Date, limit: number) {
  const orphans = await tx
    .select({ tenantId: sysFiles.tenantId, id: sysFiles.id })
    .from(sysFiles)
    .where(and(lt(sysFiles.createdAt, before), unlinked))
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed: { tenantId: string; id: string; renditions: string[] }[] = [];
  for (const { tenantId, id } of orphans) {
    // asked again in a statement of its own: a link committed since the first one counts
    const [gone] = await tx
      .delete(sysFiles)
      .where(and(eq(sysFiles.tenantId, tenantId), eq(sysFiles.id, id), unlinked))
      .returning({ id: sysFiles.id });
    if (!gone) continue;
    const renditions = await tx
      .delete(sysFileRenditions)
      .where(and(eq(sysFileRenditions.tenantId, tenantId), eq(sysFileRenditions.fileId, id)))
      .returning({ kind: sysFileRenditions.kind });
    removed.push({ tenantId, id, renditions: renditions.map((r) => r.kind) });
  }
  return removed;
}
