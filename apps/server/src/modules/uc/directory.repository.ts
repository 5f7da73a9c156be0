import type { QueryFilter } from '@eip/contracts';
import { and, asc, count, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  compileQueryFilter,
  pageList,
  type CompiledQuery,
  type FilterColumns,
} from '../../db/query-filter.js';
import {
  contactGroups,
  contactGroupUsers,
  dimensions,
  jobs,
  orgs,
  orgUsers,
  posts,
  roles,
  userRoles,
} from '../../db/schema.js';

type OrgRow = typeof orgs.$inferSelect;

/** One page of a query over one table already scoped to a tenant. */
async function page<T>(
  db: Executor,
  from: PgTable,
  where: SQL | undefined,
  select: (limit: number, offset: number) => Promise<T[]>,
  q: CompiledQuery,
) {
  return pageList(q, await select(q.pageSize, q.offset), () =>
    db.select({ n: count() }).from(from).where(where),
  );
}

/** The orgs of a page with `isParent`: whether each has children (one query for the page). */
async function withIsParent(db: Executor, tenantId: string, rows: OrgRow[]) {
  const ids = rows.map((r) => r.id);
  const parents = ids.length
    ? await db
        .selectDistinct({ id: orgs.parentId })
        .from(orgs)
        .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.parentId, ids)))
    : [];
  const parentIds = new Set(parents.map((p) => p.id));
  return rows.map((row) => toOrg({ ...row, isParent: parentIds.has(row.id) }));
}

function toOrg(row: OrgRow & { isParent: boolean }) {
  return {
    id: row.id,
    demId: row.demId,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    path: row.path,
    pathName: row.pathName,
    grade: row.grade,
    sn: row.sn,
    isParent: row.isParent,
  };
}

/**
 * An org is `ancestor` or under it: its path (the id chain from the root, ending in '.') starts with the
 * ancestor's. Either may be an alias of uc_org.
 */
export const withinOrg = (org: { path: AnyColumn }, ancestor: { path: AnyColumn }) =>
  sql`left(${org.path}, length(${ancestor.path})) = ${ancestor.path}`;

export async function listDimensions(db: Executor, tenantId: string) {
  const rows = await db
    .select()
    .from(dimensions)
    .where(eq(dimensions.tenantId, tenantId))
    .orderBy(asc(dimensions.code));
  return rows.map((d) => ({ id: d.id, code: d.code, name: d.name, isDefault: d.isDefault }));
}

export async function defaultDimensionId(db: Executor, tenantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: dimensions.id })
    .from(dimensions)
    .where(eq(dimensions.tenantId, tenantId))
    .orderBy(sql`${dimensions.isDefault} desc`, asc(dimensions.code))
    .limit(1);
  return row?.id;
}

export async function orgChildren(
  db: Executor,
  tenantId: string,
  demId: string,
  parentId: string | undefined,
) {
  const rows = await db
    .select()
    .from(orgs)
    .where(
      and(
        eq(orgs.tenantId, tenantId),
        eq(orgs.demId, demId),
        parentId ? eq(orgs.parentId, parentId) : isNull(orgs.parentId),
      ),
    )
    .orderBy(asc(orgs.sn), asc(orgs.code));
  return withIsParent(db, tenantId, rows);
}

const ORG_COLUMNS: FilterColumns = {
  id: { sql: orgs.id, type: 'string' },
  demId: { sql: orgs.demId, type: 'string' },
  parentId: { sql: orgs.parentId, type: 'string' },
  code: { sql: orgs.code, type: 'string' },
  name: { sql: orgs.name, type: 'string' },
  path: { sql: orgs.path, type: 'string' },
  pathName: { sql: orgs.pathName, type: 'string' },
  grade: { sql: orgs.grade, type: 'number' },
  sn: { sql: orgs.sn, type: 'number' },
};

export async function queryOrgs(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, ORG_COLUMNS, { defaultSort: [asc(orgs.path), asc(orgs.id)] });
  const where = and(eq(orgs.tenantId, tenantId), q.where);
  return page(
    db,
    orgs,
    where,
    async (limit, offset) =>
      withIsParent(
        db,
        tenantId,
        await db
          .select()
          .from(orgs)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(limit)
          .offset(offset),
      ),
    q,
  );
}

export async function orgsOfUser(db: Executor, tenantId: string, userId: string) {
  const rows = await db
    .selectDistinctOn([orgs.path], { org: orgs })
    .from(orgUsers)
    .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.userId, userId)))
    .orderBy(asc(orgs.path));
  return withIsParent(
    db,
    tenantId,
    rows.map((r) => r.org),
  );
}

const ROLE_COLUMNS: FilterColumns = {
  id: { sql: roles.id, type: 'string' },
  code: { sql: roles.code, type: 'string' },
  name: { sql: roles.name, type: 'string' },
  enabled: { sql: roles.enabled, type: 'boolean' },
};

export async function queryRoles(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, ROLE_COLUMNS, { defaultSort: [asc(roles.code), asc(roles.id)] });
  const where = and(eq(roles.tenantId, tenantId), q.where);
  return page(
    db,
    roles,
    where,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(roles)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        enabled: r.enabled,
      })),
    q,
  );
}

const JOB_COLUMNS: FilterColumns = {
  id: { sql: jobs.id, type: 'string' },
  code: { sql: jobs.code, type: 'string' },
  name: { sql: jobs.name, type: 'string' },
  level: { sql: jobs.level, type: 'number' },
};

export async function queryJobs(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, JOB_COLUMNS, { defaultSort: [asc(jobs.code), asc(jobs.id)] });
  const where = and(eq(jobs.tenantId, tenantId), q.where);
  return page(
    db,
    jobs,
    where,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(limit)
          .offset(offset)
      ).map((j) => ({
        id: j.id,
        code: j.code,
        name: j.name,
        level: j.level,
        description: j.description,
      })),
    q,
  );
}

const POST_COLUMNS: FilterColumns = {
  id: { sql: posts.id, type: 'string' },
  code: { sql: posts.code, type: 'string' },
  name: { sql: posts.name, type: 'string' },
  orgId: { sql: posts.orgId, type: 'string' },
  orgName: { sql: orgs.name, type: 'string' },
  jobId: { sql: posts.jobId, type: 'string' },
  jobName: { sql: jobs.name, type: 'string' },
};

export async function queryPosts(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, POST_COLUMNS, { defaultSort: [asc(posts.code), asc(posts.id)] });
  const where = and(eq(posts.tenantId, tenantId), q.where);
  const joined = () =>
    db
      .select({ post: posts, orgName: orgs.name, jobName: jobs.name })
      .from(posts)
      .innerJoin(orgs, and(eq(orgs.tenantId, posts.tenantId), eq(orgs.id, posts.orgId)))
      .leftJoin(jobs, and(eq(jobs.tenantId, posts.tenantId), eq(jobs.id, posts.jobId)));
  const rows = await joined()
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(
    q,
    rows.map((r) => ({
      id: r.post.id,
      code: r.post.code,
      name: r.post.name,
      orgId: r.post.orgId,
      orgName: r.orgName,
      jobId: r.post.jobId,
      jobName: r.jobName,
    })),
    () =>
      db
        .select({ n: count() })
        .from(posts)
        .innerJoin(orgs, and(eq(orgs.tenantId, posts.tenantId), eq(orgs.id, posts.orgId)))
        .leftJoin(jobs, and(eq(jobs.tenantId, posts.tenantId), eq(jobs.id, posts.jobId)))
        .where(where),
  );
}

/**
 * Roles, posts, orgs and memberships of some users, for detail and right maps; `groupOwnerId` adds the
 * contact groups of that owner the users are in (contact groups are private to their owner).
 */
export async function rightsOfUsers(
  db: Executor,
  tenantId: string,
  userIds: string[],
  groupOwnerId?: string,
) {
  if (userIds.length === 0) return { roles: [], memberships: [], groups: [] };
  const [roleRows, memberships, groupRows] = await Promise.all([
    db
      .select({ userId: userRoles.userId, id: roles.id, code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(
        and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, userIds), eq(roles.enabled, true)),
      )
      .orderBy(asc(roles.code)),
    db
      .select({
        userId: orgUsers.userId,
        orgId: orgs.id,
        orgName: orgs.name,
        pathName: orgs.pathName,
        postId: posts.id,
        postName: posts.name,
        isMaster: orgUsers.isMaster,
        isCharge: orgUsers.isCharge,
      })
      .from(orgUsers)
      .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
      .leftJoin(posts, and(eq(posts.tenantId, orgUsers.tenantId), eq(posts.id, orgUsers.postId)))
      .where(and(eq(orgUsers.tenantId, tenantId), inArray(orgUsers.userId, userIds)))
      .orderBy(sql`${orgUsers.isMaster} desc`, asc(orgs.path)),
    db
      .select({ userId: contactGroupUsers.userId, id: contactGroups.id, name: contactGroups.name })
      .from(contactGroupUsers)
      .innerJoin(
        contactGroups,
        and(
          eq(contactGroups.tenantId, contactGroupUsers.tenantId),
          eq(contactGroups.id, contactGroupUsers.groupId),
        ),
      )
      .where(
        and(
          eq(contactGroupUsers.tenantId, tenantId),
          inArray(contactGroupUsers.userId, userIds),
          eq(contactGroups.ownerId, groupOwnerId ?? ''),
        ),
      )
      .orderBy(asc(contactGroups.sn)),
  ]);
  return { roles: roleRows, memberships, groups: groupRows };
}

const NAMED_TABLES = { role: roles, org: orgs, post: posts } as const;

/** The first of `ids` that names no role (org, post) of the tenant, or undefined when all exist. */
export async function firstMissing(
  db: Executor,
  tenantId: string,
  kind: keyof typeof NAMED_TABLES,
  ids: string[],
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const table = NAMED_TABLES[kind];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids)));
  const existing = new Set(found.map((row) => row.id));
  return ids.find((id) => !existing.has(id));
}
