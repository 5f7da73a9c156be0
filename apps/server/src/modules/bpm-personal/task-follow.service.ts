import { isUserTaskType } from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { parseBpmn } from '../../flow/parse.js';
import type { AuthContext } from '../../security/tokens.js';
import { findDesign } from './definition.repository.js';
import { instanceOf } from './participation.service.js';
import * as follows from './task-follow.repository.js';

/**
 * Follows user-task nodes of an instance the caller takes part in (spec §4: start, end and gateway
 * nodes cannot be followed); no nodes stops following it. Answers the nodes now followed.
 */
export async function saveFollow(db: Db, auth: AuthContext, input: { instId: string; nodeIds: string[] }) {
  const instance = await instanceOf(db, auth, input.instId);
  const nodeIds = [...new Set(input.nodeIds)];
  if (nodeIds.length === 0) {
    await follows.unfollow(db, auth.tenantId, auth.userId, instance.id);
    return [];
  }
  const design = await findDesign(db, auth.tenantId, instance.defId);
  const model = design ? await parseBpmn(design.bpmnXml) : undefined;
  const refused = nodeIds.find((id) => {
    const node = model?.nodes.get(id);
    return !node || !isUserTaskType(node.type);
  });
  if (refused) throw badRequest('personal.nodeNotFollowable', { node: refused });
  await follows.follow(db, auth.tenantId, auth.userId, instance.id, nodeIds);
  return nodeIds;
}

export async function followedNodes(db: Db, auth: AuthContext, instId: string) {
  const instance = await instanceOf(db, auth, instId);
  return follows.followedNodes(db, auth.tenantId, auth.userId, instance.id);
}
