import type { MessageType, PushCounts, PushMessage } from '@eip/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { innerMessages, revokedTokens } from '../../db/schema.js';
import { leaderTodoCounts, todoCounts } from '../bpm/lists.repository.js';
import { noticeToReadCounts } from '../bpm/notice.repository.js';
import { unreadMessageCounts } from '../portal/message.repository.js';

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

/** Each count for many users of a tenant at once, by the lists' own grouped counts: one statement each. */
const GROUPED_COUNTS: Record<
  CountName,
  (db: Executor, tenantId: string, userIds: readonly string[]) => Promise<Map<string, number>>
> = {
  messages: unreadMessageCounts,
  todo: todoCounts,
  leaderTodo: leaderTodoCounts,
  noticeToRead: noticeToReadCounts,
};

/** One count (`name`) of each of `userIds` in a tenant, with one statement: user id → count. */
export const countOfUsers = (db: Executor, tenantId: string, name: CountName, userIds: readonly string[]) =>
  GROUPED_COUNTS[name](db, tenantId, userIds);

/** The counts a push stream shows, all four of one user, read from the rows that are the truth. */
export async function pushCounts(db: Executor, tenantId: string, userId: string): Promise<PushCounts> {
  const values = await Promise.all(ALL_COUNTS.map((name) => countOfUsers(db, tenantId, name, [userId])));
  return Object.fromEntries(ALL_COUNTS.map((name, i) => [name, values[i]!.get(userId) ?? 0])) as PushCounts;
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

export type CursoredMessage = PushMessage & { cursor: string };

/**
 * For each receiver of a tenant, their newest messages created after their cursor, at most `limit` each,
 * oldest of them first; with one statement: receiver id → messages (none: no entry).
 */
export async function messagesAfterEach(
  db: Executor,
  tenantId: string,
  cursors: ReadonlyMap<string, string>,
  limit: number,
): Promise<Map<string, CursoredMessage[]>> {
  const found = new Map<string, CursoredMessage[]>();
  if (!cursors.size) return found;
  const rows = await queryRows<{
    receiverId: string;
    id: string;
    subject: string;
    type: string;
    link: string | null;
    createdAt: unknown;
    cursor: string;
  }>(
    db,
    sql`select receiver.id as "receiverId", m.*
        from unnest(${sql.param([...cursors.keys()])}::text[], ${sql.param([...cursors.values()])}::text[])
          as receiver(id, after)
        cross join lateral (
          select ${innerMessages.id} as id, ${innerMessages.subject} as subject, ${innerMessages.type} as type,
            ${innerMessages.link} as link, ${innerMessages.createdAt} as "createdAt", ${cursorOf} as cursor
          from ${innerMessages}
          where ${innerMessages.tenantId} = ${tenantId} and ${innerMessages.receiverId} = receiver.id
            and ${innerMessages.createdAt} > timestamptz 'epoch' + receiver.after::bigint * interval '1 microsecond'
          order by ${innerMessages.createdAt} desc, ${innerMessages.id} desc
          limit ${limit}
        ) m
        order by receiver.id, m."createdAt", m.id`,
  );
  for (const row of rows) {
    const messages = found.get(row.receiverId) ?? [];
    found.set(row.receiverId, messages);
    messages.push({
      id: row.id,
      subject: row.subject,
      type: row.type as MessageType,
      link: row.link,
      // the driver's value as the query builder would decode it (a Date from PGlite, text from node-postgres)
      createTime: (innerMessages.createdAt.mapFromDriverValue(row.createdAt as string) as Date).toISOString(),
      cursor: String(row.cursor),
    });
  }
  return found;
}

/** The receiver's newest messages created after a cursor, at most `limit`, oldest of them first. */
export async function messagesAfter(
  db: Executor,
  tenantId: string,
  receiverId: string,
  cursor: string,
  limit: number,
): Promise<CursoredMessage[]> {
  const found = await messagesAfterEach(db, tenantId, new Map([[receiverId, cursor]]), limit);
  return found.get(receiverId) ?? [];
}
