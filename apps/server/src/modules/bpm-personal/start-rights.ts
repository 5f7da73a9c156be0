import type { FlowSettings, StartRightType } from '@eip/contracts/flow';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  contactGroups,
  contactGroupUsers,
  flowDefinitions,
  orgs,
  orgUsers,
  posts,
  roles,
  userRoles,
  users,
} from '../../db/schema.js';
import { actingMemberships } from '../uc/current-post.js';

/**
 * Start rights (spec §6): a definition's `global.startRights` lists users, roles, posts, orgs and groups
 * by id (or account / code); absent or empty means everyone may start it. A user matches through
 * `type:ref` keys of everything they are: their id and account, their roles' ids and codes, the ids and
 * codes of their current post and its org (and of orgs they belong to without a post; `chosenPostId` is
 * the post chosen in the session, see currentPostOf), and the ids of the groups they belong to.
 */
export async function identityKeys(
  db: Executor,
  tenantId: string,
  userId: string,
  chosenPostId: string | null | undefined,
): Promise<string[]> {
  const key = (type: StartRightType, ...refs: (string | null)[]) =>
    refs.filter((ref): ref is string => ref !== null).map((ref) => `${type}:${ref}`);
  const [user] = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (!user) return [];
  // One after the other: inside a transaction (a start) the one connection takes one statement at a time.
  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId), eq(roles.enabled, true)));
  const memberships = await db
    .select({
      orgId: orgs.id,
      orgCode: orgs.code,
      postId: posts.id,
      postCode: posts.code,
      isMaster: orgUsers.isMaster,
    })
    .from(orgUsers)
    .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
    .leftJoin(posts, and(eq(posts.tenantId, orgUsers.tenantId), eq(posts.id, orgUsers.postId)))
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.userId, userId)));
  const groupRows = await db
    .select({ groupId: contactGroupUsers.groupId })
    .from(contactGroupUsers)
    .where(and(eq(contactGroupUsers.tenantId, tenantId), eq(contactGroupUsers.userId, userId)));
  return [
    ...key('user', user.id, user.account),
    ...roleRows.flatMap((r) => key('role', r.id, r.code)),
    ...actingMemberships(memberships, chosenPostId).flatMap((m) => [
      ...key('org', m.orgId, m.orgCode),
      ...key('post', m.postId, m.postCode),
    ]),
    ...groupRows.flatMap((g) => key('group', g.groupId)),
  ];
}

/** Whether someone with these identity keys may start a flow with these settings. */
export function allowsStart(settings: FlowSettings, keys: ReadonlySet<string>): boolean {
  const rights = settings.global?.startRights ?? [];
  return (
    rights.length === 0 || rights.some((right) => right.ids.some((ref) => keys.has(`${right.type}:${ref}`)))
  );
}

/** Whether the user may start a flow with these settings (the engine asks before each start). */
export async function hasStartRight(
  db: Executor,
  tenantId: string,
  userId: string,
  chosenPostId: string | null | undefined,
  settings: FlowSettings,
): Promise<boolean> {
  if ((settings.global?.startRights ?? []).length === 0) return true;
  return allowsStart(settings, new Set(await identityKeys(db, tenantId, userId, chosenPostId)));
}

/** The same rule in SQL over `bpm_definition.settings`, for the lists of flows a user may start. */
export function startableWith(keys: string[]): SQL {
  const rights = sql`(${flowDefinitions.settings} -> 'global' -> 'startRights')`;
  const granted =
    keys.length === 0
      ? sql`false`
      : sql`exists (select 1 from jsonb_array_elements(${rights}) r
                    cross join jsonb_array_elements_text(r -> 'ids') ref
                    where ${inArray(sql`(r ->> 'type') || ':' || ref`, keys)})`;
  return sql`(coalesce(jsonb_array_length(${rights}), 0) = 0 or ${granted})`;
}

/** Where the names of each kind of start-right entry are, matched by id or by account / code. */
const DIRECTORY = {
  user: { table: users, tenantId: users.tenantId, id: users.id, ref: users.account, name: users.fullname },
  role: { table: roles, tenantId: roles.tenantId, id: roles.id, ref: roles.code, name: roles.name },
  post: { table: posts, tenantId: posts.tenantId, id: posts.id, ref: posts.code, name: posts.name },
  org: { table: orgs, tenantId: orgs.tenantId, id: orgs.id, ref: orgs.code, name: orgs.name },
  group: {
    table: contactGroups,
    tenantId: contactGroups.tenantId,
    id: contactGroups.id,
    ref: contactGroups.id,
    name: contactGroups.name,
  },
} satisfies Record<
  StartRightType,
  { table: PgTable; tenantId: PgColumn; id: PgColumn; ref: PgColumn; name: PgColumn }
>;

/** The names of start-right entries of one kind, by the id or code they were given with. */
export async function startRightNames(
  db: Executor,
  tenantId: string,
  type: StartRightType,
  refs: string[],
): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const entry = DIRECTORY[type];
  const rows = await db
    .select({ id: entry.id, ref: entry.ref, name: entry.name })
    .from(entry.table)
    .where(and(eq(entry.tenantId, tenantId), or(inArray(entry.id, refs), inArray(entry.ref, refs))));
  return new Map(
    rows.flatMap((row) => [
      [String(row.id), String(row.name)] as const,
      [String(row.ref), String(row.name)] as const,
    ]),
  );
}
