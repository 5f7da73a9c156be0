import type { QueryFilter, User } from '@eip/contracts';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orgs, orgUsers, posts, sessionActivity, users } from '../../db/schema.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { statement, value } from '../../db/statements.js';
import type { AuthContext } from '../../security/tokens.js';
import { namePinyin } from './pinyin.js';

export type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  id: row.id,
  account: row.account,
  fullname: row.fullname,
  email: row.email,
  mobile: row.mobile,
  sex: row.sex,
  photo: row.photo,
  address: row.address,
  status: row.status,
  tenantId: row.tenantId,
  createTime: row.createdAt.toISOString(),
});

export async function findUserByAccount(db: Executor, tenantId: string, account: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.account}) = lower(${account})`));
  return row;
}

export async function findUserById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row;
}

export async function findUserByAccountOrId(db: Executor, tenantId: string, accountOrId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(eq(users.id, accountOrId), sql`lower(${users.account}) = lower(${accountOrId})`),
      ),
    )
    .limit(1);
  return row;
}

/** Stores a new hash and raises the password version, which ends every earlier token. */
export async function updatePassword(db: Executor, tenantId: string, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, passwordVersion: sql`${users.passwordVersion} + 1` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

const USER_COLUMNS: FilterColumns = {
  id: { sql: users.id, type: 'string' },
  account: { sql: users.account, type: 'string' },
  fullname: { sql: users.fullname, type: 'string' },
  email: { sql: users.email, type: 'string' },
  mobile: { sql: users.mobile, type: 'string' },
  sex: { sql: users.sex, type: 'string' },
  address: { sql: users.address, type: 'string' },
  pinyin: { sql: users.pinyin, type: 'string' },
  pinyinInitials: { sql: users.pinyinInitials, type: 'string' },
  status: { sql: users.status, type: 'number' },
  createTime: { sql: users.createdAt, type: 'date' },
};

/** The main (isMaster) membership of each user; users without one get nulls. */
const mainMembership = (db: Executor, tenantId: string) =>
  db
    .select({
      userId: orgUsers.userId,
      orgId: orgUsers.orgId,
      orgName: sql<string>`${orgs.name}`.as('main_org_name'),
      orgPath: sql<string>`${orgs.path}`.as('main_org_path'),
      orgPathName: sql<string>`${orgs.pathName}`.as('main_org_path_name'),
      isCharge: orgUsers.isCharge,
      postId: orgUsers.postId,
      postName: sql<string | null>`${posts.name}`.as('main_post_name'),
    })
    .from(orgUsers)
    .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
    .leftJoin(posts, and(eq(posts.tenantId, orgUsers.tenantId), eq(posts.id, orgUsers.postId)))
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.isMaster, true)))
    .as('main');

const USER_WITH_MAIN_COLUMNS = (main: ReturnType<typeof mainMembership>): FilterColumns => ({
  ...USER_COLUMNS,
  orgId: { sql: main.orgId, type: 'string' },
  orgName: { sql: main.orgName, type: 'string' },
  orgPath: { sql: main.orgPath, type: 'string' },
  isCharge: { sql: main.isCharge, type: 'boolean' },
  postId: { sql: main.postId, type: 'string' },
  postName: { sql: main.postName, type: 'string' },
});

export async function queryUsers(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, USER_COLUMNS, { defaultSort: [asc(users.account), asc(users.id)] });
  const where = and(eq(users.tenantId, tenantId), q.where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toUser), () => db.select({ n: count() }).from(users).where(where));
}

export async function queryUsersWithMainOrgPost(db: Executor, tenantId: string, filter: QueryFilter) {
  const main = mainMembership(db, tenantId);
  const q = compileQueryFilter(filter, USER_WITH_MAIN_COLUMNS(main), {
    defaultSort: [asc(users.account), asc(users.id)],
  });
  const where = and(eq(users.tenantId, tenantId), q.where);
  const base = () => db.select().from(users).leftJoin(main, eq(main.userId, users.id));
  const rows = await base()
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map(({ uc_user, main: m }) => ({
      ...toUser(uc_user),
      orgId: m?.orgId ?? null,
      orgName: m?.orgName ?? null,
      orgPathName: m?.orgPathName ?? null,
      postId: m?.postId ?? null,
      postName: m?.postName ?? null,
      isCharge: m?.isCharge ?? false,
    })),
    () => db.select({ n: count() }).from(users).leftJoin(main, eq(main.userId, users.id)).where(where),
  );
}

export async function existingUserIds(db: Executor, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((r) => r.id);
}

/** The users of a list of ids in the tenant, any status (the caller decides who may act). */
export async function findUsersByIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, fullname: users.fullname, status: users.status })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
}

/** Sets the stored pinyin of many users in one statement: each field a text array of the users' values. */
const setPinyin = statement<Record<'tenantId' | 'id' | 'pinyin' | 'initials', string[]>>(
  () => sql`
    update ${users} set pinyin = v.pinyin, pinyin_initials = v.initials
    from unnest(${value('tenantId')}::text[], ${value('id')}::text[], ${value('pinyin')}::text[],
                ${value('initials')}::text[]) as v(tenant_id, id, pinyin, initials)
    where ${users.tenantId} = v.tenant_id and ${users.id} = v.id`,
);

/** Computes the stored pinyin of users who have none yet (users of a database made before it was kept). */
export async function fillMissingPinyin(db: Executor) {
  const rows = await db
    .select({ tenantId: users.tenantId, id: users.id, fullname: users.fullname })
    .from(users)
    .where(isNull(users.pinyin));
  if (rows.length === 0) return 0;
  const names = rows.map((row) => namePinyin(row.fullname));
  await setPinyin(db, {
    tenantId: rows.map((row) => row.tenantId),
    id: rows.map((row) => row.id),
    pinyin: names.map((name) => name.pinyin),
    initials: names.map((name) => name.pinyinInitials),
  });
  return rows.length;
}

/** Keeps the post chosen in a sign-in session on its session row, which every server process reads. */
export async function setSessionPost(db: Executor, auth: AuthContext, postId: string) {
  await db
    .insert(sessionActivity)
    .values({ jti: auth.jti, lastSeenAt: new Date(), expiresAt: auth.expiresAt, postId })
    .onConflictDoUpdate({ target: sessionActivity.jti, set: { postId } });
}
