import type { InnerMessage, InnerMessageDetail, MessageType, QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { countsByUser, type Executor } from '../../db/client.js';
import { innerMessages, users } from '../../db/schema.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { unlinkOwners } from './file.repository.js';
import { MESSAGE_FILES } from './message-send.repository.js';

type MessageRow = typeof innerMessages.$inferSelect;

const MESSAGE_COLUMNS: FilterColumns = {
  subject: { sql: innerMessages.subject, type: 'string' },
  content: { sql: innerMessages.content, type: 'string' },
  type: { sql: innerMessages.type, type: 'string' },
  isRead: { sql: innerMessages.isRead, type: 'boolean' },
  createTime: { sql: innerMessages.createdAt, type: 'date' },
};

const toMessage = (row: MessageRow): InnerMessage => ({
  id: row.id,
  subject: row.subject,
  content: row.content,
  link: row.link,
  type: row.type as MessageType,
  isRead: row.isRead,
  createTime: row.createdAt.toISOString(),
});

/** Every statement here is about the receiver's own messages: nobody reaches another's. */
const receivedBy = (tenantId: string, receiverId: string) =>
  and(eq(innerMessages.tenantId, tenantId), eq(innerMessages.receiverId, receiverId));

export async function queryMessages(db: Executor, tenantId: string, receiverId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, MESSAGE_COLUMNS, {
    defaultSort: [desc(innerMessages.createdAt), desc(innerMessages.id)],
  });
  const where = and(receivedBy(tenantId, receiverId), q.where);
  const rows = await db
    .select()
    .from(innerMessages)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toMessage), () => db.select({ n: count() }).from(innerMessages).where(where));
}

/** The unread messages of each of `receiverIds` (one statement). */
export const unreadMessageCounts = (db: Executor, tenantId: string, receiverIds: readonly string[]) =>
  countsByUser(
    db,
    receiverIds,
    (ids) => sql`select ${innerMessages.receiverId} as "userId", count(*)::int as n from ${innerMessages}
      where ${innerMessages.tenantId} = ${tenantId} and ${innerMessages.receiverId} = any(${ids})
        and ${innerMessages.isRead} = false
      group by ${innerMessages.receiverId}`,
  );

export const unreadMessageCount = async (db: Executor, tenantId: string, receiverId: string) =>
  (await unreadMessageCounts(db, tenantId, [receiverId])).get(receiverId) ?? 0;

/** Marks the receiver's unread messages among `ids` read; answers how many there were. */
export async function markRead(db: Executor, tenantId: string, receiverId: string, ids: string[]) {
  const rows = await db
    .update(innerMessages)
    .set({ isRead: true })
    .where(
      and(receivedBy(tenantId, receiverId), inArray(innerMessages.id, ids), eq(innerMessages.isRead, false)),
    )
    .returning({ id: innerMessages.id });
  return rows.length;
}

/** One of the receiver's messages with its sender and attachments. */
export async function findMessage(
  db: Executor,
  tenantId: string,
  receiverId: string,
  id: string,
): Promise<InnerMessageDetail | undefined> {
  const [found] = await db
    .select({ row: innerMessages, senderName: users.fullname })
    .from(innerMessages)
    .leftJoin(users, and(eq(users.tenantId, innerMessages.tenantId), eq(users.id, innerMessages.senderId)))
    .where(and(receivedBy(tenantId, receiverId), eq(innerMessages.id, id)));
  if (!found) return undefined;
  const { row, senderName } = found;
  return {
    ...toMessage(row),
    sender: row.senderId ? { id: row.senderId, name: senderName ?? '' } : null,
    files: row.files,
    replyToId: row.replyToId,
  };
}

export async function removeMessages(db: Executor, tenantId: string, receiverId: string, ids: string[]) {
  const rows = await db
    .delete(innerMessages)
    .where(and(receivedBy(tenantId, receiverId), inArray(innerMessages.id, ids)))
    .returning({ id: innerMessages.id });
  // their attachments are no longer theirs to read: a file nothing links to any more is cleaned up
  await unlinkOwners(
    db,
    tenantId,
    MESSAGE_FILES,
    rows.map((row) => row.id),
  );
  return rows.length;
}
