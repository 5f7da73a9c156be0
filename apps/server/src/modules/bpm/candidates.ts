import { CANDIDATE_PAGE_SIZE, type QueryFilter } from '@eip/contracts';
import type { Candidate } from '@eip/contracts/flow';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { contactGroupUsers, orgs, orgUsers, posts, roles, userRoles, users } from '../../db/schema.js';
import { evaluateExpression, type ExpressionScope } from '../../flow/conditions.js';
import { currentMembership } from '../uc/current-post.js';

export interface CandidateContext {
  tenantId: string;
  initiatorId: string;
  /** the post the initiator chose when starting (null: their main post) */
  initiatorPostId: string | null;
  /** who last completed a task in the instance */
  previousHandlerId: string | null;
  scope: ExpressionScope;
}

const idsOf = (candidate: Candidate) => candidate.ids ?? [];

/** Ids of users who are members of the orgs (by id or code), leaders only when `leadersOnly`. */
async function membersOfOrgs(db: Executor, tenantId: string, orgRefs: string[], leadersOnly: boolean) {
  if (orgRefs.length === 0) return [];
  const rows = await db
    .select({ userId: orgUsers.userId })
    .from(orgUsers)
    .innerJoin(orgs, and(eq(orgs.tenantId, orgUsers.tenantId), eq(orgs.id, orgUsers.orgId)))
    .where(
      and(
        eq(orgUsers.tenantId, tenantId),
        or(inArray(orgs.id, orgRefs), inArray(orgs.code, orgRefs)),
        leadersOnly ? eq(orgUsers.isCharge, true) : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * The leader of the initiator: the leaders of the org of the initiator's post at the start (their current
 * post, else their main org); when the initiator leads it, the leaders of the org above, and so on up the tree.
 */
async function initiatorLeaders(
  db: Executor,
  tenantId: string,
  initiatorId: string,
  initiatorPostId: string | null,
): Promise<string[]> {
  const memberships = await db
    .select({ orgId: orgUsers.orgId, postId: orgUsers.postId, isMaster: orgUsers.isMaster })
    .from(orgUsers)
    .where(and(eq(orgUsers.tenantId, tenantId), eq(orgUsers.userId, initiatorId)));
  let orgId: string | null = currentMembership(memberships, initiatorPostId)?.orgId ?? null;
  while (orgId) {
    const leaders = (await membersOfOrgs(db, tenantId, [orgId], true)).filter((id) => id !== initiatorId);
    if (leaders.length > 0) return leaders;
    const [org] = await db
      .select({ parentId: orgs.parentId })
      .from(orgs)
      .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, orgId)));
    orgId = org?.parentId ?? null;
  }
  return [];
}

async function expandOne(db: Executor, ctx: CandidateContext, candidate: Candidate): Promise<string[]> {
  const { tenantId } = ctx;
  const refs = idsOf(candidate);
  switch (candidate.type) {
    case 'user': {
      if (refs.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), or(inArray(users.id, refs), inArray(users.account, refs))));
      return rows.map((r) => r.id);
    }
    case 'role': {
      if (refs.length === 0) return [];
      const rows = await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
        .where(and(eq(userRoles.tenantId, tenantId), or(inArray(roles.id, refs), inArray(roles.code, refs))));
      return rows.map((r) => r.id);
    }
    case 'post': {
      if (refs.length === 0) return [];
      const rows = await db
        .select({ id: orgUsers.userId })
        .from(orgUsers)
        .innerJoin(posts, and(eq(posts.tenantId, orgUsers.tenantId), eq(posts.id, orgUsers.postId)))
        .where(and(eq(orgUsers.tenantId, tenantId), or(inArray(posts.id, refs), inArray(posts.code, refs))));
      return rows.map((r) => r.id);
    }
    case 'org':
      return membersOfOrgs(db, tenantId, refs, false);
    case 'orgLeader':
      return membersOfOrgs(db, tenantId, refs, true);
    case 'group': {
      if (refs.length === 0) return [];
      const rows = await db
        .select({ id: contactGroupUsers.userId })
        .from(contactGroupUsers)
        .where(and(eq(contactGroupUsers.tenantId, tenantId), inArray(contactGroupUsers.groupId, refs)));
      return rows.map((r) => r.id);
    }
    case 'initiator':
      return [ctx.initiatorId];
    case 'initiatorLeader':
      return initiatorLeaders(db, tenantId, ctx.initiatorId, ctx.initiatorPostId);
    case 'previousHandler':
      return ctx.previousHandlerId ? [ctx.previousHandlerId] : [];
    case 'rule': {
      const value = candidate.expression ? evaluateExpression(candidate.expression, ctx.scope) : [];
      const list = (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === 'string');
      return expandOne(db, ctx, { type: 'user', ids: list });
    }
  }
}

/**
 * The users who may handle a node: the union of its candidate rules, active users only. The order is
 * the rules' order (a sequential countersign votes in it): users named one by one in the order they are
 * listed, the members of a role, org or group by account. A rule that finds nobody adds nobody; the
 * caller decides what an empty list means.
 */
export async function expandCandidates(
  db: Executor,
  ctx: CandidateContext,
  candidates: readonly Candidate[],
) {
  const ruleOf = new Map<string, number>();
  for (const [ruleIndex, candidate] of candidates.entries()) {
    for (const id of await expandOne(db, ctx, candidate)) if (!ruleOf.has(id)) ruleOf.set(id, ruleIndex);
  }
  if (ruleOf.size === 0) return [];
  const active = await db
    .select({ id: users.id, fullname: users.fullname, account: users.account })
    .from(users)
    .where(and(eq(users.tenantId, ctx.tenantId), inArray(users.id, [...ruleOf.keys()]), eq(users.status, 1)))
    .orderBy(users.account);
  const listedPosition = (row: { id: string; account: string }, ruleIndex: number) => {
    const ids = candidates[ruleIndex]?.type === 'user' ? (candidates[ruleIndex]?.ids ?? []) : [];
    const at = ids.findIndex((ref) => ref === row.id || ref === row.account);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return active
    .map((row, accountOrder) => {
      const ruleIndex = ruleOf.get(row.id)!;
      return { row, key: [ruleIndex, listedPosition(row, ruleIndex), accountOrder] as const };
    })
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({ row }) => ({ id: row.id, fullname: row.fullname }));
}

const CANDIDATE_COLUMNS: FilterColumns = {
  fullname: { sql: users.fullname, type: 'string' },
  account: { sql: users.account, type: 'string' },
};

/**
 * A page of the users `ids` (a node's candidates, in their order unless the filter sorts), filtered by
 * fullname or account: the candidate picker's page (spec §9: 50 unless the filter says).
 */
export async function pageCandidates(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
  filter: QueryFilter,
) {
  const list = sql.param([...ids]);
  const q = compileQueryFilter(filter, CANDIDATE_COLUMNS, {
    defaultPageSize: CANDIDATE_PAGE_SIZE,
    defaultSort: [sql`array_position(${list}::text[], ${users.id})`],
  });
  const where = and(eq(users.tenantId, tenantId), sql`${users.id} = any(${list}::text[])`, q.where);
  const rows = await db
    .select({ id: users.id, fullname: users.fullname })
    .from(users)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows, () => db.select({ n: count() }).from(users).where(where));
}

/** The tenant's administrators: who gets a task whose candidates resolve to nobody. */
export async function tenantAdmins(db: Executor, tenantId: string) {
  return db
    .select({ id: users.id, fullname: users.fullname })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isAdmin, true), eq(users.status, 1)))
    .orderBy(users.account);
}
