import type { FlowSettings, StartRightType } from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { requireAdmin, requireSelfOrAdmin } from './access.js';
import * as defs from './definition.repository.js';
import { findUserById } from '../uc/user.repository.js';
import { findPair } from './secretary.repository.js';
import { hasStartRight, startRightNames } from './start-rights.js';

const definitionNotFound = (id: string) => notFound('flow.definitionNotFound', { id });

export async function definitionInfo(db: Db, auth: AuthContext, defId: string) {
  const info = await defs.findDefinitionInfo(db, auth.tenantId, defId);
  if (!info) throw definitionNotFound(defId);
  return info;
}

/** The main version of a flow, by the id of one of its versions or by its key. */
export async function mainDefinition(db: Db, auth: AuthContext, query: { defId?: string; defKey?: string }) {
  const defKey = query.defId ? (await definitionInfo(db, auth, query.defId)).defKey : query.defKey;
  if (!defKey) throw badRequest('personal.defIdOrKeyRequired');
  const main = await defs.findMainInfo(db, auth.tenantId, defKey);
  if (!main) throw definitionNotFound(defKey);
  return main;
}

/** The design of a version, for administrators: its BPMN XML and node settings. */
export async function definitionDesign(db: Db, auth: AuthContext, defId: string) {
  await requireAdmin(db, auth);
  const info = await definitionInfo(db, auth, defId);
  const design = await defs.findDesign(db, auth.tenantId, defId);
  if (!design) throw definitionNotFound(defId);
  return { ...info, ...design };
}

/** The node settings of a flow's main version; 404 when the tenant has no such flow. */
export async function mainSettingsOf(db: Db, auth: AuthContext, defKey: string): Promise<FlowSettings> {
  const [main] = await defs.mainSettings(db, auth.tenantId, [defKey]);
  if (!main) throw definitionNotFound(defKey);
  return main.settings;
}

/**
 * Spec §6: whether a flow may be started — by the caller (in their current post), or by `userId` (the
 * caller, or anyone of the tenant for an administrator, in their main post); with `leadId`, a secretary
 * starts for that leader of theirs, with the leader's rights (false when they do not serve an active leader).
 */
export async function mayStart(
  db: Db,
  auth: AuthContext,
  query: { defKey?: string; defId?: string; userId?: string; leadId?: string },
) {
  const userId = query.userId ?? auth.userId;
  await requireSelfOrAdmin(db, auth, userId);
  const { defKey } = await mainDefinition(db, auth, query);
  const settings = await mainSettingsOf(db, auth, defKey);
  let starter = userId;
  if (query.leadId !== undefined && query.leadId !== userId) {
    const pair = await findPair(
      db,
      auth.tenantId,
      { leaderId: query.leadId, secretaryId: userId },
      undefined,
    );
    const leader = pair ? await findUserById(db, auth.tenantId, query.leadId) : undefined;
    if (leader?.status !== 1) return false;
    starter = leader.id;
  }
  return hasStartRight(db, auth.tenantId, starter, starter === auth.userId ? auth.postId : null, settings);
}

/** Who may start a flow (administrators): each start-right entry with its name; none means everyone. */
export async function startRight(db: Db, auth: AuthContext, defKey: string) {
  await requireAdmin(db, auth);
  const rights = (await mainSettingsOf(db, auth, defKey)).global?.startRights ?? [];
  const idsByType = new Map<StartRightType, string[]>();
  for (const right of rights) idsByType.set(right.type, [...(idsByType.get(right.type) ?? []), ...right.ids]);
  const names = new Map(
    await Promise.all(
      [...idsByType].map(
        async ([type, ids]) => [type, await startRightNames(db, auth.tenantId, type, ids)] as const,
      ),
    ),
  );
  return {
    everyone: rights.length === 0,
    rights: rights.flatMap((right) =>
      right.ids.map((id) => ({ type: right.type, id, name: names.get(right.type)?.get(id) ?? null })),
    ),
  };
}
