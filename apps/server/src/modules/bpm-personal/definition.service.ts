import type { FlowSettings, StartRightType } from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { requireAdmin } from './access.js';
import * as defs from './definition.repository.js';
import { allowsStart, identityKeys, startRightNames } from './start-rights.js';

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

export async function mayStart(db: Db, auth: AuthContext, defKey: string) {
  const settings = await mainSettingsOf(db, auth, defKey);
  return allowsStart(settings, new Set(await identityKeys(db, auth.tenantId, auth.userId, auth.postId)));
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
