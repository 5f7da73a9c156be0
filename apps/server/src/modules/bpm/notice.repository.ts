import type { QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { countsByUser, type Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowNotices } from '../../db/schema.js';

export type NoticeRow = typeof flowNotices.$inferSelect;

/** Circulation copies (传阅): inserts them and answers their ids in order. */
export async function insertNotices(tx: Executor, rows: (typeof flowNotices.$inferInsert)[]) {
  if (rows.length) await tx.insert(flowNotices).values(rows);
  return rows.map((r) => r.id);
}

export async function findNotice(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowNotices)
    .where(and(eq(flowNotices.tenantId, tenantId), eq(flowNotices.id, id)));
  return row;
}

/** How many of the ids are copies the user received (or, with `sent`, also sent). */
export async function countOwnNotices(
  db: Executor,
  tenantId: string,
  userId: string,
  ids: string[],
  sent: boolean,
) {
  const [row] = await db
    .select({ n: count() })
    .from(flowNotices)
    .where(
      and(
        eq(flowNotices.tenantId, tenantId),
        inArray(flowNotices.id, ids),
        sent
          ? or(eq(flowNotices.receiverId, userId), eq(flowNotices.senderId, userId))
          : eq(flowNotices.receiverId, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the receiver's copies read (待阅 → 已阅); answers how many changed. */
export async function markNoticesRead(db: Executor, tenantId: string, receiverId: string, ids: string[]) {
  const rows = await db
    .update(flowNotices)
    .set({ isRead: true, readAt: new Date() })
    .where(
      and(
        eq(flowNotices.tenantId, tenantId),
        eq(flowNotices.receiverId, receiverId),
        eq(flowNotices.isRead, false),
        inArray(flowNotices.id, ids),
      ),
    )
    .returning({ id: flowNotices.id });
  return rows.length;
}

export async function deleteNotices(db: Executor, tenantId: string, ids: string[]) {
  const rows = await db
    .delete(flowNotices)
    .where(and(eq(flowNotices.tenantId, tenantId), inArray(flowNotices.id, ids)))
    .returning({ id: flowNotices.id });
  return rows.length;
}

const NOTICE_COLUMNS: FilterColumns = {
  subject: { sql: flowNotices.subject, type: 'string' },
  procDefKey: { sql: flowNotices.defKey, type: 'string' },
  procDefName: { sql: flowNotices.defName, type: 'string' },
  senderName: { sql: flowNotices.senderName, type: 'string' },
  receiverName: { sql: flowNotices.receiverName, type: 'string' },
  createTime: { sql: flowNotices.createdAt, type: 'date' },
  readTime: { sql: flowNotices.readAt, type: 'date' },
};

export type NoticeBox = 'toRead' | 'read' | 'sent';

const boxCondition = (tenantId: string, userId: string, box: NoticeBox) =>
  box === 'sent'
    ? and(eq(flowNotices.tenantId, tenantId), eq(flowNotices.senderId, userId))
    : and(
        eq(flowNotices.tenantId, tenantId),
        eq(flowNotices.receiverId, userId),
        eq(flowNotices.isRead, box === 'read'),
      );

const toNotice = (n: NoticeRow) => ({
  id: n.id,
  procInstId: n.instanceId,
  taskId: n.taskId,
  nodeId: n.nodeId,
  subject: n.subject,
  procDefKey: n.defKey,
  procDefName: n.defName,
  senderId: n.senderId,
  senderName: n.senderName,
  receiverId: n.receiverId,
  receiverName: n.receiverName,
  opinion: n.opinion,
  isRead: n.isRead,
  readTime: n.readAt ? n.readAt.toISOString() : null,
  createTime: n.createdAt.toISOString(),
});

/** The caller's circulation copies: to read (待阅), read (已阅), or sent by them. */
export async function noticeList(
  db: Executor,
  tenantId: string,
  userId: string,
  box: NoticeBox,
  filter: QueryFilter,
) {
  const q = compileQueryFilter(filter, NOTICE_COLUMNS, {
    defaultSort: [desc(flowNotices.createdAt), desc(flowNotices.id)],
  });
  const where = and(boxCondition(tenantId, userId, box), q.where);
  const rows = await db
    .select()
    .from(flowNotices)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toNotice), () => db.select({ n: count() }).from(flowNotices).where(where));
}

/** The circulated items each of `receiverIds` has still to read (one statement). */
export const noticeToReadCounts = (db: Executor, tenantId: string, receiverIds: readonly string[]) =>
  countsByUser(
    db,
    receiverIds,
    (ids) => sql`select ${flowNotices.receiverId} as "userId", count(*)::int as n from ${flowNotices}
      where ${flowNotices.tenantId} = ${tenantId} and ${flowNotices.receiverId} = any(${ids})
        and ${flowNotices.isRead} = false
      group by ${flowNotices.receiverId}`,
  );

export async function noticeCount(db: Executor, tenantId: string, userId: string, box: NoticeBox) {
  if (box === 'toRead') return (await noticeToReadCounts(db, tenantId, [userId])).get(userId) ?? 0;
  const [row] = await db
    .select({ n: count() })
    .from(flowNotices)
    .where(boxCondition(tenantId, userId, box));
  return row?.n ?? 0;
}
