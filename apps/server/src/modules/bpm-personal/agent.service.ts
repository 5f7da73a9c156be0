import type { Agent, QueryFilter, SaveAgent } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin, requireActiveUser, requireAdmin } from './access.js';
import * as agents from './agent.repository.js';
import { mainSettings } from './definition.repository.js';
import { lockUser } from './people.repository.js';
import { formatMinute } from './time.js';

/** Two agents of one principal clash when both cover a flow: `all` covers every flow. */
const sharesFlows = (a: { scope: string; flowKeys: string[] }, b: { scope: string; flowKeys: string[] }) =>
  a.scope === 'all' || b.scope === 'all' || a.flowKeys.some((key) => b.flowKeys.includes(key));

/** The flows an agent covers: none listed for `all`; for `flows`, at least one, each an existing flow. */
async function coveredFlows(db: Db, tenantId: string, input: SaveAgent) {
  if (input.scope === 'all') return [];
  const keys = [...new Set(input.flowKeys ?? [])];
  if (keys.length === 0) throw badRequest('personal.flowKeysRequired');
  const known = new Set((await mainSettings(db, tenantId, keys)).map((def) => def.defKey));
  const unknown = keys.find((key) => !known.has(key));
  if (unknown) throw badRequest('personal.unknownFlow', { field: 'body.flowKeys', defKey: unknown });
  return keys;
}

/** An agent the caller may see: theirs as principal or as agent, any for administrators; 404 otherwise. */
async function visibleAgent(db: Db, auth: AuthContext, id: string) {
  const found = await agents.findAgent(db, auth.tenantId, id);
  const mine = found && (found.principalId === auth.userId || found.agentId === auth.userId);
  if (!found || !(mine || (await isAdmin(db, auth)))) throw notFound('personal.agentNotFound', { id });
  return found;
}

/**
 * Creates an agent for the caller, or changes one (the caller's own; administrators any, keeping its
 * principal). One flow has one enabled agent at a time: an overlap with another agent is a 409.
 */
export async function saveAgent(db: Db, auth: AuthContext, input: SaveAgent): Promise<Agent> {
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  if (end.getTime() <= start.getTime()) throw badRequest('personal.endBeforeStart');
  const existing = input.id ? await visibleAgent(db, auth, input.id) : undefined;
  if (existing && existing.principalId !== auth.userId) await requireAdmin(db, auth);
  const principalId = existing?.principalId ?? auth.userId;
  if (input.agentId === principalId) throw badRequest('personal.agentSelf');
  await requireActiveUser(db, auth.tenantId, input.agentId, 'body.agentId');
  const flowKeys = await coveredFlows(db, auth.tenantId, input);
  const values: agents.AgentValues = {
    agentId: input.agentId,
    startAt: start,
    endAt: end,
    scope: input.scope,
    flowKeys,
    enabled: input.enabled ?? true,
    memo: input.memo?.trim() || null,
  };
  // the transaction answers the agent it saved, which its audit record names
  const { id } = await db.transaction(async (tx) => {
    await lockUser(tx, auth.tenantId, principalId);
    if (values.enabled) {
      const others = await agents.overlappingAgents(
        tx,
        auth.tenantId,
        principalId,
        { start, end },
        existing?.id,
      );
      const clash = others.find((other) => sharesFlows(other, values));
      if (clash) {
        throw conflict('personal.agentOverlap', {
          agent: clash.agentName,
          start: formatMinute(new Date(clash.startTime)),
          end: formatMinute(new Date(clash.endTime)),
        });
      }
    }
    if (!existing) return { id: await agents.insertAgent(tx, auth.tenantId, principalId, values) };
    await agents.updateAgent(tx, auth.tenantId, existing.id, values);
    return { id: existing.id };
  });
  return visibleAgent(db, auth, id);
}

/** The caller's agents; with `everyone`, every agent of the tenant (administrators only). */
export async function listAgents(db: Db, auth: AuthContext, everyone: boolean, filter: QueryFilter) {
  if (everyone) await requireAdmin(db, auth);
  return agents.queryAgents(db, auth.tenantId, filter, everyone ? undefined : auth.userId);
}

export const getAgent = visibleAgent;

export async function removeAgents(db: Db, auth: AuthContext, ids: string[]) {
  const everyone = await isAdmin(db, auth);
  return db.transaction((tx) =>
    agents.deleteAgents(tx, auth.tenantId, ids, everyone ? undefined : auth.userId),
  );
}
