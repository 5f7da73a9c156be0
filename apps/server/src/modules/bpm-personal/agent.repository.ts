import type { Agent, AgentScope, QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowAgents, users } from '../../db/schema.js';

const principal = alias(users, 'principal');
const agent = alias(users, 'agent');

const AGENT_COLUMNS: FilterColumns = {
  agentId: { sql: flowAgents.agentId, type: 'string' },
  agentName: { sql: agent.fullname, type: 'string' },
  principalId: { sql: flowAgents.principalId, type: 'string' },
  principalName: { sql: principal.fullname, type: 'string' },
  scope: { sql: flowAgents.scope, type: 'string' },
  enabled: { sql: flowAgents.enabled, type: 'boolean' },
  startTime: { sql: flowAgents.startAt, type: 'date' },
  endTime: { sql: flowAgents.endAt, type: 'date' },
  createTime: { sql: flowAgents.createdAt, type: 'date' },
};

const principalJoin = and(
  eq(principal.tenantId, flowAgents.tenantId),
  eq(principal.id, flowAgents.principalId),
);
const agentJoin = and(eq(agent.tenantId, flowAgents.tenantId), eq(agent.id, flowAgents.agentId));

const named = (db: Executor) =>
  db
    .select({ row: flowAgents, principalName: principal.fullname, agentName: agent.fullname })
    .from(flowAgents)
    .innerJoin(principal, principalJoin)
    .innerJoin(agent, agentJoin);

type NamedRow = Awaited<ReturnType<typeof named>>[number];

const toAgent = ({ row, principalName, agentName }: NamedRow): Agent => ({
  id: row.id,
  principalId: row.principalId,
  principalName,
  agentId: row.agentId,
  agentName,
  startTime: row.startAt.toISOString(),
  endTime: row.endAt.toISOString(),
  scope: row.scope as AgentScope,
  flowKeys: row.flowKeys as string[],
  enabled: row.enabled,
  memo: row.memo,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

/** Agents of one principal, or of the whole tenant when `principalId` is undefined; newest first. */
export async function queryAgents(
  db: Executor,
  tenantId: string,
  filter: QueryFilter,
  principalId: string | undefined,
) {
  const q = compileQueryFilter(filter, AGENT_COLUMNS, {
    defaultSort: [desc(flowAgents.startAt), desc(flowAgents.id)],
  });
  const where = and(
    eq(flowAgents.tenantId, tenantId),
    principalId === undefined ? undefined : eq(flowAgents.principalId, principalId),
    q.where,
  );
  const rows = await named(db)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toAgent), () =>
    db
      .select({ n: count() })
      .from(flowAgents)
      .innerJoin(principal, principalJoin)
      .innerJoin(agent, agentJoin)
      .where(where),
  );
}

export async function findAgent(db: Executor, tenantId: string, id: string) {
  const [row] = await named(db).where(and(eq(flowAgents.tenantId, tenantId), eq(flowAgents.id, id)));
  return row && toAgent(row);
}

/** The principal's enabled agents whose period overlaps [start, end), but for `exceptId`. */
export async function overlappingAgents(
  db: Executor,
  tenantId: string,
  principalId: string,
  period: { start: Date; end: Date },
  exceptId: string | undefined,
) {
  const rows = await named(db).where(
    and(
      eq(flowAgents.tenantId, tenantId),
      eq(flowAgents.principalId, principalId),
      eq(flowAgents.enabled, true),
      lt(flowAgents.startAt, period.end),
      gt(flowAgents.endAt, period.start),
      exceptId === undefined ? undefined : ne(flowAgents.id, exceptId),
    ),
  );
  return rows.map(toAgent);
}

export interface AgentValues {
  agentId: string;
  startAt: Date;
  endAt: Date;
  scope: AgentScope;
  flowKeys: string[];
  enabled: boolean;
  memo: string | null;
}

export async function insertAgent(db: Executor, tenantId: string, principalId: string, values: AgentValues) {
  const id = newId();
  await db.insert(flowAgents).values({ tenantId, id, principalId, ...values });
  return id;
}

export async function updateAgent(db: Executor, tenantId: string, id: string, values: AgentValues) {
  await db
    .update(flowAgents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(flowAgents.tenantId, tenantId), eq(flowAgents.id, id)));
}

/** Deletes agents among `ids`: of one principal, or any of the tenant when `principalId` is undefined. */
export async function deleteAgents(
  db: Executor,
  tenantId: string,
  ids: string[],
  principalId: string | undefined,
) {
  if (ids.length === 0) return 0;
  const removed = await db
    .delete(flowAgents)
    .where(
      and(
        eq(flowAgents.tenantId, tenantId),
        inArray(flowAgents.id, ids),
        principalId === undefined ? undefined : eq(flowAgents.principalId, principalId),
      ),
    )
    .returning({ id: flowAgents.id });
  return removed.length;
}

/**
 * Who acts for whom at `at` on a flow: the enabled agents of these principals whose period holds `at`
 * and whose scope covers the flow, agents in normal status only. The engine calls it when it creates
 * tasks, to add each agent beside the principal.
 */
export async function activeAgentsFor(
  db: Executor,
  tenantId: string,
  principalIds: string[],
  defKey: string,
  at: Date,
): Promise<{ principalId: string; agentId: string }[]> {
  if (principalIds.length === 0) return [];
  return db
    .select({ principalId: flowAgents.principalId, agentId: flowAgents.agentId })
    .from(flowAgents)
    .innerJoin(agent, agentJoin)
    .where(
      and(
        eq(flowAgents.tenantId, tenantId),
        inArray(flowAgents.principalId, principalIds),
        eq(flowAgents.enabled, true),
        lte(flowAgents.startAt, at),
        gt(flowAgents.endAt, at),
        eq(agent.status, 1),
        or(eq(flowAgents.scope, 'all'), sql`${flowAgents.flowKeys} @> ${JSON.stringify([defKey])}::jsonb`),
      ),
    )
    .orderBy(flowAgents.principalId, flowAgents.startAt);
}
