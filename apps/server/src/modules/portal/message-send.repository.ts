import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { contactGroupUsers, innerMessages, orgUsers, orgs, users } from '../../db/schema.js';

/** The attachments of a message a user sends are linked to each row written under this owner type. */
export const MESSAGE_FILES = 'innerMessage';

const ACTIVE = 1;

/** Which of `ids` are users of the tenant. */
export async function existingUserIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((row) => row.id);
}

/** Which of `ids` are orgs of the tenant. */
export async function existingOrgIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, ids)));
  return rows.map((row) => row.id);
}

/** The active members of the orgs (their direct members). */
export async function orgMemberIds(db: Executor, tenantId: string, orgIds: string[]) {
  if (orgIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: orgUsers.userId })
    .from(orgUsers)
    .innerJoin(users, and(eq(users.tenantId, orgUsers.tenantId), eq(users.id, orgUsers.userId)))
    .where(and(eq(orgUsers.tenantId, tenantId), inArray(orgUsers.orgId, orgIds), eq(users.status, ACTIVE)));
  return rows.map((row) => row.id);
}

/** The active members of the contact groups. */
export async function groupMemberIds(db: Executor, tenantId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: contactGroupUsers.userId })
    .from(contactGroupUsers)
    .innerJoin(
      users,
      and(eq(users.tenantId, contactGroupUsers.tenantId), eq(users.id, contactGroupUsers.userId)),
    )
    .where(
      and(
        eq(contactGroupUsers.tenantId, tenantId),
        inArray(contactGroupUsers.groupId, groupIds),
        eq(users.status, ACTIVE),
      ),
    );
  return rows.map((row) => row.id);
}

export type SentMessage = Pick<
  typeof innerMessages.$inferInsert,
  'subject' | 'content' | 'senderId' | 'files' | 'replyToId'
>;

/** Writes one unread row for each receiver; answers the rows' ids. */
export async function insertSentMessages(
  tx: Executor,
  tenantId: string,
  receiverIds: string[],
  message: SentMessage,
) {
  const rows = receiverIds.map((receiverId) => ({
    ...message,
    tenantId,
    id: newId(),
    receiverId,
    type: 'message',
    link: null,
  }));
  await tx.insert(innerMessages).values(rows);
  return rows.map((row) => row.id);
}

/** Whether the user received one of these messages (and still keeps it). */
export async function receivedAny(db: Executor, tenantId: string, receiverId: string, ids: string[]) {
  const [row] = await db
    .select({ id: innerMessages.id })
    .from(innerMessages)
    .where(
      and(
        eq(innerMessages.tenantId, tenantId),
        eq(innerMessages.receiverId, receiverId),
        inArray(innerMessages.id, ids),
      ),
    )
    .limit(1);
  return row !== undefined;
}
