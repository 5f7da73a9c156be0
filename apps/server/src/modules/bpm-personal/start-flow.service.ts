import type { QueryFilter } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { mainSettings } from './definition.repository.js';
import * as flows from './start-flow.repository.js';
import { allowsStart, identityKeys } from './start-rights.js';

/** The start page of spec §9 shows 11 cards; the often flows are the top 8. */
const DEFAULT_CARD_SIZE = 11;
const OFTEN_FLOW_COUNT = 8;

/** The caller as one who starts flows: who they are by every key the start rights name. */
export const starterOf = async (db: Db, auth: AuthContext): Promise<flows.Starter> => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
  keys: await identityKeys(db, auth.tenantId, auth.userId, auth.postId),
});

/** Flows the caller may start, by key: 404 for a key the tenant has no flow of, 403 without the right. */
export async function requireStartable(db: Db, auth: AuthContext, defKeys: string[]) {
  const keys = [...new Set(defKeys)];
  const found = await mainSettings(db, auth.tenantId, keys);
  const missing = keys.find((key) => !found.some((def) => def.defKey === key));
  if (missing) throw notFound('flow.definitionNotFound', { id: missing });
  const identity = new Set(await identityKeys(db, auth.tenantId, auth.userId, auth.postId));
  const refused = found.find((def) => !allowsStart(def.settings, identity));
  if (refused) throw forbidden('personal.noStartRight', { defKey: refused.defKey });
  return keys;
}

export const newProcess = async (db: Db, auth: AuthContext, filter: QueryFilter) =>
  flows.queryStartable(db, await starterOf(db, auth), filter);

export const newProcessCount = async (db: Db, auth: AuthContext) =>
  flows.countStartable(db, await starterOf(db, auth));

export const newProcessCard = async (db: Db, auth: AuthContext, size: string | undefined) =>
  flows.startableCards(db, await starterOf(db, auth), size ? Number(size) : DEFAULT_CARD_SIZE);

export const myCommonFlows = async (db: Db, auth: AuthContext) =>
  flows.commonStartable(db, await starterOf(db, auth));

export async function addCommonFlows(db: Db, auth: AuthContext, defKeys: string[]) {
  const keys = await requireStartable(db, auth, defKeys);
  await db.transaction((tx) => flows.addCommonFlows(tx, auth.tenantId, auth.userId, keys));
  return myCommonFlows(db, auth);
}

export const removeCommonFlows = (db: Db, auth: AuthContext, defKeys: string[]) =>
  db.transaction((tx) => flows.removeCommonFlows(tx, auth.tenantId, auth.userId, defKeys));

export async function countMyFlowUse(db: Db, auth: AuthContext, defKey: string) {
  await requireStartable(db, auth, [defKey]);
  return flows.countFlowUse(db, auth.tenantId, auth.userId, defKey);
}

export const myOftenFlows = async (db: Db, auth: AuthContext) =>
  flows.oftenStartable(db, await starterOf(db, auth), OFTEN_FLOW_COUNT);
