import type { ContentKind, ContentRow, ContentStatus, OpinionFile, QueryFilter } from '@eip/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { withinOrg } from '../uc/directory.repository.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { unlinkOwners } from '../portal/file.repository.js';
import {
  meetingParticipants,
  meetingRooms,
  newsAudience,
  newsNotices,
  newsReads,
  orgs,
  orgUsers,
  roles,
  sysFileLinks,
  sysTypes,
  userRoles,
  users,
} from '../../db/schema.js';

export type EntryRow = typeof newsNotices.$inferSelect;
export type EntryInsert = typeof newsNotices.$inferInsert;

/** Entries link their cover, inline images and attachments under this owner type (sys_file_link). */
export const CONTENT_FILES = 'portalNews';

const n = newsNotices;
const publisher = alias(users, 'publisher');
const host = alias(users, 'host');

/** Who is reading: an editor sees every entry of the tenant; anyone else what is published for them. */
export interface Reader {
  tenantId: string;
  userId: string;
  editor: boolean;
  /** the reader's orgs with every org above them, and roles: what an audience of scope part names */
  audienceKeys: string[];
}

/** The ids an audience may name to reach the user: their orgs and the orgs above, and their roles. */
export async function audienceKeys(db: Executor, tenantId: string, userId: string): Promise<string[]> {
  const [orgRows, roleRows] = await Promise.all([
    db
      .select({ path: orgs.path })
      .from(orgUsers)
      .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
      .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.userId, userId))),
    db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId))),
  ]);
  const keys = new Set<string>(roleRows.map((row) => row.roleId));
  for (const { path } of orgRows) for (const id of path.split('.')) if (id) keys.add(id);
  return [...keys];
}

/**
 * A published, unexpired entry whose audience holds the reader (a meeting also its host and participants).
 * The audience and the meetings are uncorrelated subqueries: each is read once per statement (a hashed
 * subplan), and the planner's estimate stays that of a plain scan of the entries.
 */
function readableBy(reader: Reader): SQL | undefined {
  if (reader.editor) return undefined;
  const { tenantId, userId, audienceKeys: keys } = reader;
  const named = keys.length
    ? inArray(
        n.id,
        sql`(select ${newsAudience.newsId} from ${newsAudience} where ${newsAudience.tenantId} = ${tenantId} and ${inArray(newsAudience.targetId, keys)})`,
      )
    : undefined;
  const attends = inArray(
    n.id,
    sql`(select ${meetingParticipants.newsId} from ${meetingParticipants} where ${meetingParticipants.tenantId} = ${tenantId} and ${meetingParticipants.userId} = ${userId})`,
  );
  return and(
    eq(n.status, 'published'),
    or(isNull(n.expireTime), gt(n.expireTime, sql`now()`)),
    or(eq(n.scope, 'all'), named, and(eq(n.kind, 'meeting'), or(eq(n.hostId, userId), attends))),
  );
}

const readBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${newsReads} where ${newsReads.tenantId} = ${n.tenantId} and ${newsReads.newsId} = ${n.id} and ${newsReads.userId} = ${userId})`;
const expired = sql<boolean>`coalesce(${n.expireTime} <= now(), false)`;

const rowSelect = (userId: string) => ({
  id: n.id,
  kind: n.kind,
  classifyId: n.classifyId,
  classifyName: sysTypes.name,
  title: n.title,
  summary: n.summary,
  coverFileId: n.coverFileId,
  status: n.status,
  pinned: n.pinned,
  mustRead: n.mustRead,
  publisherId: n.publisherId,
  publisherName: publisher.fullname,
  publishTime: n.publishTime,
  expireTime: n.expireTime,
  expired,
  isRead: readBy(userId),
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
  startTime: n.startTime,
  endTime: n.endTime,
  roomId: n.roomId,
  roomName: meetingRooms.name,
  hostId: n.hostId,
  hostName: host.fullname,
});

const joined = (db: Executor, userId: string) =>
  db
    .select(rowSelect(userId))
    .from(n)
    .leftJoin(sysTypes, and(eq(sysTypes.tenantId, n.tenantId), eq(sysTypes.id, n.classifyId)))
    .leftJoin(publisher, and(eq(publisher.tenantId, n.tenantId), eq(publisher.id, n.publisherId)))
    .leftJoin(host, and(eq(host.tenantId, n.tenantId), eq(host.id, n.hostId)))
    .leftJoin(meetingRooms, and(eq(meetingRooms.tenantId, n.tenantId), eq(meetingRooms.id, n.roomId)));

type Joined = Awaited<ReturnType<typeof joined>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const toRow = ({ createdAt, updatedAt, ...row }: Joined): ContentRow => ({
  ...row,
  kind: row.kind as ContentKind,
  status: row.status as ContentStatus,
  expired: Boolean(row.expired),
  isRead: Boolean(row.isRead),
  publishTime: iso(row.publishTime),
  expireTime: iso(row.expireTime),
  startTime: iso(row.startTime),
  endTime: iso(row.endTime),
  createTime: createdAt.toISOString(),
  updateTime: updatedAt.toISOString(),
});

const columns = (userId: string): FilterColumns => ({
  title: { sql: n.title, type: 'string' },
  summary: { sql: n.summary, type: 'string' },
  classifyId: { sql: n.classifyId, type: 'string' },
  status: { sql: n.status, type: 'string' },
  pinned: { sql: n.pinned, type: 'boolean' },
  mustRead: { sql: n.mustRead, type: 'boolean' },
  isRead: { sql: readBy(userId), type: 'boolean', sortable: false },
  coverFileId: { sql: n.coverFileId, type: 'string', sortable: false },
  publisherName: { sql: publisher.fullname, type: 'string' },
  publishTime: { sql: n.publishTime, type: 'date' },
  expireTime: { sql: n.expireTime, type: 'date' },
  createTime: { sql: n.createdAt, type: 'date' },
  updateTime: { sql: n.updatedAt, type: 'date' },
  startTime: { sql: n.startTime, type: 'date' },
  endTime: { sql: n.endTime, type: 'date' },
  roomId: { sql: n.roomId, type: 'string' },
  hostId: { sql: n.hostId, type: 'string' },
});

/**
 * The order of the lists: news and notices pinned first, then newest published (for readers exactly the
 * order of portal_news_notice_list_idx; editors see their drafts by when they were changed); meetings by
 * start time, latest first.
 */
function listOrder(kind: ContentKind, editor: boolean): SQL[] {
  if (kind === 'meeting') return [desc(n.startTime), desc(n.id)];
  if (editor) return [desc(n.pinned), sql`coalesce(${n.publishTime}, ${n.updatedAt}) desc`, desc(n.id)];
  return [
    sql`${n.pinned} desc nulls last`,
    sql`${n.publishTime} desc nulls last`,
    sql`${n.id} desc nulls last`,
  ];
}

/** One page of the entries of a kind the reader may see, filtered and sorted by the QueryFilter. */
export async function listEntries(db: Executor, reader: Reader, kind: ContentKind, filter: QueryFilter) {
  const q = compileQueryFilter(filter, columns(reader.userId), {
    defaultSort: listOrder(kind, reader.editor),
  });
  const where = and(eq(n.tenantId, reader.tenantId), eq(n.kind, kind), readableBy(reader), q.where);
  const rows = await joined(db, reader.userId)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toRow), () =>
    db
      .select({ n: count() })
      .from(n)
      .leftJoin(publisher, and(eq(publisher.tenantId, n.tenantId), eq(publisher.id, n.publisherId)))
      .where(where),
  );
}

/** One entry as the lists show it, if the reader may see it. */
export async function findReadable(db: Executor, reader: Reader, id: string) {
  const [row] = await joined(db, reader.userId).where(
    and(eq(n.tenantId, reader.tenantId), eq(n.id, id), readableBy(reader)),
  );
  return row && toRow(row);
}

export async function findEntry(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(n)
    .where(and(eq(n.tenantId, tenantId), eq(n.id, id)));
  return row;
}

/** The entry's row locked until the transaction ends: changes to one entry take turns. */
export async function lockEntry(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(n)
    .where(and(eq(n.tenantId, tenantId), eq(n.id, id)))
    .for('update');
  return row;
}

export async function insertEntry(tx: Executor, row: EntryInsert) {
  await tx.insert(n).values(row);
}

export async function updateEntry(tx: Executor, tenantId: string, id: string, changes: Partial<EntryInsert>) {
  await tx
    .update(n)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(n.tenantId, tenantId), eq(n.id, id)));
}

/** Deletes entries with everything hanging on them; answers how many there were. */
export async function removeEntries(tx: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const removed = await tx
    .delete(n)
    .where(and(eq(n.tenantId, tenantId), inArray(n.id, ids)))
    .returning({ id: n.id });
  const gone = removed.map((row) => row.id);
  if (gone.length === 0) return 0;
  await tx
    .delete(newsAudience)
    .where(and(eq(newsAudience.tenantId, tenantId), inArray(newsAudience.newsId, gone)));
  await tx.delete(newsReads).where(and(eq(newsReads.tenantId, tenantId), inArray(newsReads.newsId, gone)));
  await tx
    .delete(meetingParticipants)
    .where(and(eq(meetingParticipants.tenantId, tenantId), inArray(meetingParticipants.newsId, gone)));
  await unlinkOwners(tx, tenantId, CONTENT_FILES, gone);
  return gone.length;
}

/** Replaces an entry's audience (orgs and roles) and a meeting's participants. */
export async function replaceAudience(
  tx: Executor,
  tenantId: string,
  newsId: string,
  audience: { orgIds: string[]; roleIds: string[]; participantIds: string[] },
) {
  await tx
    .delete(newsAudience)
    .where(and(eq(newsAudience.tenantId, tenantId), eq(newsAudience.newsId, newsId)));
  const targets = [
    ...audience.orgIds.map((targetId) => ({ tenantId, newsId, targetType: 'org', targetId })),
    ...audience.roleIds.map((targetId) => ({ tenantId, newsId, targetType: 'role', targetId })),
  ];
  if (targets.length) await tx.insert(newsAudience).values(targets);
  await tx
    .delete(meetingParticipants)
    .where(and(eq(meetingParticipants.tenantId, tenantId), eq(meetingParticipants.newsId, newsId)));
  if (audience.participantIds.length) {
    await tx
      .insert(meetingParticipants)
      .values(audience.participantIds.map((userId) => ({ tenantId, newsId, userId })));
  }
}

/** The orgs and roles an entry's audience names, and a meeting's participants, with their names. */
export async function audienceOf(db: Executor, tenantId: string, newsId: string) {
  const [orgRows, roleRows, people] = await Promise.all([
    db
      .select({ id: orgs.id, name: orgs.name })
      .from(newsAudience)
      .innerJoin(orgs, and(eq(orgs.tenantId, newsAudience.tenantId), eq(orgs.id, newsAudience.targetId)))
      .where(and(eq(newsAudience.tenantId, tenantId), eq(newsAudience.newsId, newsId)))
      .orderBy(asc(orgs.path)),
    db
      .select({ id: roles.id, name: roles.name })
      .from(newsAudience)
      .innerJoin(roles, and(eq(roles.tenantId, newsAudience.tenantId), eq(roles.id, newsAudience.targetId)))
      .where(and(eq(newsAudience.tenantId, tenantId), eq(newsAudience.newsId, newsId)))
      .orderBy(asc(roles.name)),
    db
      .select({ id: users.id, name: users.fullname, email: users.email })
      .from(meetingParticipants)
      .innerJoin(
        users,
        and(eq(users.tenantId, meetingParticipants.tenantId), eq(users.id, meetingParticipants.userId)),
      )
      .where(and(eq(meetingParticipants.tenantId, tenantId), eq(meetingParticipants.newsId, newsId)))
      .orderBy(asc(users.account)),
  ]);
  return { orgs: orgRows, roles: roleRows, participants: people };
}

/** Records that the user opened the entry (the first time counts). */
export async function markRead(db: Executor, tenantId: string, newsId: string, userId: string) {
  await db.insert(newsReads).values({ tenantId, newsId, userId }).onConflictDoNothing();
}

/** How many of the ids are orgs, roles, rooms or active users of the tenant. */
export async function countOrgs(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, ids)));
  return row?.n ?? 0;
}

export async function countRoles(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
  return row?.n ?? 0;
}

export async function countActiveUsers(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids), eq(users.status, 1)));
  return row?.n ?? 0;
}

export async function listRooms(db: Executor, tenantId: string) {
  return db
    .select({
      id: meetingRooms.id,
      name: meetingRooms.name,
      location: meetingRooms.location,
      capacity: meetingRooms.capacity,
    })
    .from(meetingRooms)
    .where(eq(meetingRooms.tenantId, tenantId))
    .orderBy(asc(meetingRooms.sn), asc(meetingRooms.name));
}

/** The room's row locked until the transaction ends: bookings of one room take turns. */
export async function lockRoom(tx: Executor, tenantId: string, roomId: string) {
  const [row] = await tx
    .select()
    .from(meetingRooms)
    .where(and(eq(meetingRooms.tenantId, tenantId), eq(meetingRooms.id, roomId)))
    .for('update');
  return row;
}

/** A meeting (not withdrawn, not `exceptId`) that holds the room at a time overlapping [start, end). */
export async function overlappingMeeting(
  tx: Executor,
  tenantId: string,
  roomId: string,
  start: Date,
  end: Date,
  exceptId: string | null,
) {
  const [row] = await tx
    .select({ id: n.id, title: n.title, startTime: n.startTime, endTime: n.endTime })
    .from(n)
    .where(
      and(
        eq(n.tenantId, tenantId),
        eq(n.kind, 'meeting'),
        eq(n.roomId, roomId),
        ne(n.status, 'withdrawn'),
        lt(n.startTime, end),
        gt(n.endTime, start),
        exceptId ? ne(n.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(n.startTime))
    .limit(1);
  return row;
}

/** The files linked to an entry. */
export async function linkedFileIds(db: Executor, tenantId: string, newsId: string) {
  const rows = await db
    .select({ fileId: sysFileLinks.fileId })
    .from(sysFileLinks)
    .where(
      and(
        eq(sysFileLinks.tenantId, tenantId),
        eq(sysFileLinks.ownerType, CONTENT_FILES),
        eq(sysFileLinks.ownerId, newsId),
      ),
    );
  return rows.map((row) => row.fileId);
}

/** Unlinks the entry's files that it no longer shows. */
export async function unlinkFilesExcept(db: Executor, tenantId: string, newsId: string, keep: string[]) {
  await db
    .delete(sysFileLinks)
    .where(
      and(
        eq(sysFileLinks.tenantId, tenantId),
        eq(sysFileLinks.ownerType, CONTENT_FILES),
        eq(sysFileLinks.ownerId, newsId),
        keep.length ? notInArray(sysFileLinks.fileId, keep) : undefined,
      ),
    );
}

/** Active users of the tenant an entry reaches: everyone, or its orgs (and below) and roles, plus a meeting's people. */
function inAudience(entry: EntryRow): SQL | undefined {
  if (entry.scope === 'all') return undefined;
  const audienceOrg = alias(orgs, 'audience_org');
  const memberOrg = alias(orgs, 'member_org');
  const byOrg = exists(
    sql`(select 1 from ${orgUsers}
      join ${orgs} ${memberOrg} on ${memberOrg.tenantId} = ${orgUsers.tenantId} and ${memberOrg.id} = ${orgUsers.orgId}
      join ${newsAudience} on ${newsAudience.tenantId} = ${orgUsers.tenantId} and ${newsAudience.newsId} = ${entry.id} and ${newsAudience.targetType} = 'org'
      join ${orgs} ${audienceOrg} on ${audienceOrg.tenantId} = ${newsAudience.tenantId} and ${audienceOrg.id} = ${newsAudience.targetId}
      where ${orgUsers.tenantId} = ${users.tenantId} and ${orgUsers.userId} = ${users.id}
        and ${withinOrg(memberOrg, audienceOrg)})`,
  );
  const byRole = exists(
    sql`(select 1 from ${userRoles}
      join ${newsAudience} on ${newsAudience.tenantId} = ${userRoles.tenantId} and ${newsAudience.newsId} = ${entry.id} and ${newsAudience.targetId} = ${userRoles.roleId}
      where ${userRoles.tenantId} = ${users.tenantId} and ${userRoles.userId} = ${users.id})`,
  );
  const byMeeting =
    entry.kind === 'meeting'
      ? or(
          entry.hostId ? eq(users.id, entry.hostId) : undefined,
          exists(
            sql`(select 1 from ${meetingParticipants} where ${meetingParticipants.tenantId} = ${users.tenantId} and ${meetingParticipants.newsId} = ${entry.id} and ${meetingParticipants.userId} = ${users.id})`,
          ),
        )
      : undefined;
  return or(byOrg, byRole, byMeeting);
}

const mainOrgUser = alias(orgUsers, 'main_org_user');
const mainOrg = alias(orgs, 'main_org');

/** The joins of the audience queries: a person's reading of the entry (if any) and their main org. */
const readOf = (entry: EntryRow) =>
  and(eq(newsReads.tenantId, users.tenantId), eq(newsReads.newsId, entry.id), eq(newsReads.userId, users.id));
const mainOrgUserOf = and(
  eq(mainOrgUser.tenantId, users.tenantId),
  eq(mainOrgUser.userId, users.id),
  eq(mainOrgUser.isMaster, true),
);
const mainOrgOf = and(eq(mainOrg.tenantId, mainOrgUser.tenantId), eq(mainOrg.id, mainOrgUser.orgId));

const audienceWhere = (entry: EntryRow) =>
  and(eq(users.tenantId, entry.tenantId), eq(users.status, 1), inAudience(entry));

const READER_COLUMNS: FilterColumns = {
  fullname: { sql: users.fullname, type: 'string' },
  account: { sql: users.account, type: 'string' },
  isRead: { sql: sql`(${newsReads.readAt} is not null)`, type: 'boolean' },
};

/** The people of an entry's audience, each with whether and when they read it, paged and filtered. */
export async function listReaders(db: Executor, entry: EntryRow, filter: QueryFilter) {
  const q = compileQueryFilter(filter, READER_COLUMNS, {
    defaultSort: [sql`(${newsReads.readAt} is not null)`, asc(users.account)],
  });
  const where = and(audienceWhere(entry), q.where);
  const rows = await db
    .select({
      userId: users.id,
      fullname: users.fullname,
      account: users.account,
      orgName: mainOrg.name,
      readAt: newsReads.readAt,
    })
    .from(users)
    .leftJoin(newsReads, readOf(entry))
    .leftJoin(mainOrgUser, mainOrgUserOf)
    .leftJoin(mainOrg, mainOrgOf)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map(({ readAt: at, ...row }) => ({ ...row, isRead: at !== null, readTime: iso(at) })),
    () => db.select({ n: count() }).from(users).leftJoin(newsReads, readOf(entry)).where(where),
  );
}

/** How many people the entry's audience has, and how many of them read it. */
export async function readCounts(db: Executor, entry: EntryRow) {
  const [row] = await db
    .select({ audience: count(), read: count(newsReads.readAt) })
    .from(users)
    .leftJoin(newsReads, readOf(entry))
    .where(audienceWhere(entry));
  return { audienceCount: row?.audience ?? 0, readCount: row?.read ?? 0 };
}

/** The ffj column as stored. */
export const attachmentsOf = (row: EntryRow) => (Array.isArray(row.ffj) ? (row.ffj as OpinionFile[]) : []);
