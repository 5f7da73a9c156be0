import type { MessageType, PushCounts, PushMessage } from '@eip/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { innerMessages, revokedTokens } from '../../db/schema.js';
import { leaderTodoCount, todoCount } from '../bpm/lists.repository.js';
import { noticeCount } from '../bpm/notice.repository.js';
import { unreadMessageCount } from '../portal/message.repository.js';

export { leadersServedBy } from '../bpm/lists.repository.js';

/**
 * The channel the database triggers notify (migration 0019_push): payload "tenant user kind"; a sign-out
 * says "tenant user signout jti" (the session whose streams end).
 */
export const PUSH_CHANNEL = 'eip_push';
export const SIGNOUT = 'signout';

/** Whether the session (token id) was signed out. */
export async function sessionRevoked(db: Executor, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti));
  return row !== undefined;
}

/**
 * Ends the streams of a signed-out session, in whichever process holds them (in the caller's transaction:
 * the notification leaves when the revocation is stored).
 */
export async function endStreamsOf(
  db: Executor,
  session: { tenantId: string; userId: string; jti: string },
): Promise<void> {
  await db.execute(
    sql`select pg_notify(${PUSH_CHANNEL}, ${`${session.tenantId} ${session.userId} ${SIGNOUT} ${session.jti}`})`,
  );
}

/** Tells the user's streams that their mail lists changed (a sync ended), when the caller's transaction commits. */
export async function mailChanged(db: Executor, tenantId: string, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${`${tenantId} ${userId} mail`})`);
}

export type CountName = keyof PushCounts;
export const ALL_COUNTS: readonly CountName[] = ['messages', 'todo', 'leaderTodo', 'noticeToRead'];

const COUNTERS: Record<CountName, (db: Executor, tenantId: string, userId: string) => Promise<number>> = {
  messages: unreadMessageCount,
  todo: todoCount,
  leaderTodo: leaderTodoCount,
  noticeToRead: (db, tenantId, userId) => noticeCount(db, tenantId, userId, 'toRead'),
};

/** The counts a push stream shows (those named, all by default), read from the rows that are the truth. */
export async function pushCounts<N extends CountName>(
  db: Executor,
  tenantId: string,
  userId: string,
  names: readonly N[] = ALL_COUNTS as readonly N[],
): Promise<Pick<PushCounts, N>> {
  const values = await Promise.all(names.map((name) => COUNTERS[name](db, tenantId, userId)));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Pick<PushCounts, N>;
}

/**
 * A message's place in its receiver's stream: its creation time in microseconds since 1970, as text (the
 * SSE event id). Whole microseconds, as PostgreSQL keeps them, so that "after" never repeats a message.
 */
const cursorOf = sql<string>`(extract(epoch from ${innerMessages.createdAt}) * 1000000)::bigint::text`;

/** The cursor of the receiver's newest message ('0' without any): new messages come after it. */
export async function latestCursor(db: Executor, tenantId: string, receiverId: string): Promise<string> {
  const [row] = await queryRows<{ cursor: string | null }>(
    db,
    sql`select max(${cursorOf}) as cursor from ${innerMessages}
        where ${innerMessages.tenantId} = ${tenantId} and ${innerMessages.receiverId} = ${receiverId}`,
  );
  return row?.cursor ?? '0';
}

/** The receiver's newest messages created after a cursor, at most `limit`, oldest of them first. */
export async function messagesAfter(
  db: Executor,
  tenantId: string,
  receiverId: string,
  cursor: string,
  limit: number,
): Promise<(PushMessage & { cursor: string })[]> {
  const rows = await db
    .select({
      id: innerMessages.id,
      subject: innerMessages.subject,
      type: innerMessages.type,
      link: innerMessages.link,
      createdAt: innerMessages.createdAt,
      cursor: cursorOf,
    })
    .from(innerMessages)
    .where(
      and(
        eq(innerMessages.tenantId, tenantId),
        eq(innerMessages.receiverId, receiverId),
        sql`${innerMessages.createdAt} > timestamptz 'epoch' + ${cursor}::bigint * interval '1 microsecond'`,
      ),
    )
    .orderBy(desc(innerMessages.createdAt), desc(innerMessages.id))
    .limit(limit);
  return rows.reverse().map((row) => ({
    id: row.id,
    subject: row.subject,
    type: row.type as MessageType,
    link: row.link,
    createTime: row.createdAt.toISOString(),
    cursor: String(row.cursor),
  }));
}
