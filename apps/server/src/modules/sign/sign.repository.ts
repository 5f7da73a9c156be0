import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  flowInstances,
  orgUsers,
  orgs,
  signGrants,
  signProfiles,
  signSeals,
  sysFileLinks,
  users,
} from '../../db/schema.js';

export type ProfileRow = typeof signProfiles.$inferSelect;
export type SealRow = typeof signSeals.$inferSelect;
export type GrantRow = typeof signGrants.$inferSelect;

/** The owner a signature image is linked to (sys_file_link), so the cleanup keeps it. */
export const SIGNATURE_FILES = 'signature';
/** The owner a seal image is linked to. */
export const SEAL_FILES = 'seal';

export async function findProfile(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select()
    .from(signProfiles)
    .where(and(eq(signProfiles.tenantId, tenantId), eq(signProfiles.userId, userId)));
  return row;
}

/** Locks the user's profile row (created empty when missing) until the transaction ends. */
export async function lockProfile(db: Executor, tenantId: string, userId: string) {
  await db.insert(signProfiles).values({ tenantId, userId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(signProfiles)
    .where(and(eq(signProfiles.tenantId, tenantId), eq(signProfiles.userId, userId)))
    .for('update');
  return row!;
}

export async function updateProfile(
  db: Executor,
  tenantId: string,
  userId: string,
  set: Partial<Pick<ProfileRow, 'signatureFileId' | 'passwordHash'>>,
) {
  const [row] = await db
    .update(signProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(signProfiles.tenantId, tenantId), eq(signProfiles.userId, userId)))
    .returning();
  return row!;
}

/** Drops the link that keeps a file as someone's signature or a seal's image (the cleanup may take it). */
export async function unlinkFile(db: Executor, tenantId: string, ownerType: string, ownerId: string) {
  await db
    .delete(sysFileLinks)
    .where(
      and(
        eq(sysFileLinks.tenantId, tenantId),
        eq(sysFileLinks.ownerType, ownerType),
        eq(sysFileLinks.ownerId, ownerId),
      ),
    );
}

export async function findSeal(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(signSeals)
    .where(and(eq(signSeals.tenantId, tenantId), eq(signSeals.id, id)));
  return row;
}

export async function listSealRows(db: Executor, tenantId: string) {
  return db.select().from(signSeals).where(eq(signSeals.tenantId, tenantId)).orderBy(signSeals.createdAt);
}

/** The orgs the user leads (is in charge of). */
export async function ledOrgIds(db: Executor, tenantId: string, userId: string) {
  const rows = await db
    .select({ orgId: orgUsers.orgId })
    .from(orgUsers)
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.userId, userId), eq(orgUsers.isCharge, true)));
  return rows.map((r) => r.orgId);
}

/** The seals the user is named on, or leads an org named on. */
export async function sealsOfUser(db: Executor, tenantId: string, userId: string, orgIds: string[]) {
  const named = sql`${signSeals.userIds} @> ${JSON.stringify([userId])}::jsonb`;
  const led = orgIds.length
    ? sql`jsonb_exists_any(${signSeals.leaderOrgIds}, array[${sql.join(
        orgIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])`
    : sql`false`;
  return db
    .select()
    .from(signSeals)
    .where(and(eq(signSeals.tenantId, tenantId), sql`(${named} or ${led})`))
    .orderBy(signSeals.createdAt);
}

export async function insertSeal(db: Executor, row: typeof signSeals.$inferInsert) {
  const [saved] = await db.insert(signSeals).values(row).returning();
  return saved!;
}

export async function updateSeal(
  db: Executor,
  tenantId: string,
  id: string,
  set: Pick<SealRow, 'name' | 'kind' | 'fileId' | 'userIds' | 'leaderOrgIds'>,
) {
  const [saved] = await db
    .update(signSeals)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(signSeals.tenantId, tenantId), eq(signSeals.id, id)))
    .returning();
  return saved;
}

export async function deleteSeal(db: Executor, tenantId: string, id: string) {
  const gone = await db
    .delete(signSeals)
    .where(and(eq(signSeals.tenantId, tenantId), eq(signSeals.id, id)))
    .returning({ id: signSeals.id });
  return gone.length > 0;
}

export async function userNames(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.fullname })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function orgNames(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertGrant(db: Executor, row: typeof signGrants.$inferInsert) {
  await db.insert(signGrants).values(row);
}

/**
 * The user's oldest unused grant of an image issued since `since`, locked: the entry that places the
 * image uses it up. A grant another completion holds is skipped (waiting for it would find it used and
 * answer none, although the user holds more).
 */
export async function takeGrant(db: Executor, tenantId: string, userId: string, fileId: string, since: Date) {
  const [row] = await db
    .select()
    .from(signGrants)
    .where(
      and(
        eq(signGrants.tenantId, tenantId),
        eq(signGrants.userId, userId),
        eq(signGrants.fileId, fileId),
        isNull(signGrants.usedAt),
        sql`${signGrants.issuedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(signGrants.passwordChecked), signGrants.issuedAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function useGrant(
  db: Executor,
  tenantId: string,
  id: string,
  use: Pick<GrantRow, 'instanceId' | 'taskId' | 'nodeId' | 'formKey' | 'field'>,
) {
  await db
    .update(signGrants)
    .set({ ...use, usedAt: new Date() })
    .where(and(eq(signGrants.tenantId, tenantId), eq(signGrants.id, id)));
}

/** The uses of a seal, newest first, with the signer's name and the request's subject. */
export async function sealUses(db: Executor, tenantId: string, sealId: string, limit: number) {
  return db
    .select({
      grant: signGrants,
      userName: users.fullname,
      subject: flowInstances.subject,
    })
    .from(signGrants)
    .leftJoin(users, and(eq(users.tenantId, signGrants.tenantId), eq(users.id, signGrants.userId)))
    .leftJoin(
      flowInstances,
      and(eq(flowInstances.tenantId, signGrants.tenantId), eq(flowInstances.id, signGrants.instanceId)),
    )
    .where(and(eq(signGrants.tenantId, tenantId), eq(signGrants.sealId, sealId)))
    .orderBy(desc(signGrants.issuedAt))
    .limit(limit);
}
