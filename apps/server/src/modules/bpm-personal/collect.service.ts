import type { CollectTarget, QueryFilter } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../security/tokens.js';
import * as collections from './collect.repository.js';
import { instanceOf } from './participation.service.js';
import { requireStartable } from './start-flow.service.js';

export const myCollect = (db: Db, auth: AuthContext, filter: QueryFilter) =>
  collections.queryCollected(db, auth.tenantId, auth.userId, filter);

export const myCollectCount = (db: Db, auth: AuthContext) =>
  collections.countCollected(db, auth.tenantId, auth.userId);

/** Collects an instance the caller takes part in, or a flow (by key) they may start. */
export async function collect(db: Db, auth: AuthContext, target: CollectTarget) {
  if (target.targetType === 'instance') await instanceOf(db, auth, target.targetId);
  else await requireStartable(db, auth, [target.targetId]);
  return collections.addCollection(db, auth.tenantId, auth.userId, target);
}

export const cancelCollect = (db: Db, auth: AuthContext, target: CollectTarget) =>
  collections.removeCollection(db, auth.tenantId, auth.userId, target);
