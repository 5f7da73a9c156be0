import type { QueryFilter } from '@eip/contracts';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import * as groups from './contact-group.repository.js';
import { existingUserIds } from './user.repository.js';

/** Favourite contacts: each user sees and changes only the groups they own. */
async function ownGroup(services: Services, auth: AuthContext, groupId: string) {
  const group = await groups.findOwnGroup(services.db, auth.tenantId, auth.userId, groupId);
  if (!group) throw notFound('uc.groupNotFound', { id: groupId });
  return group;
}

export const queryGroups = (services: Services, auth: AuthContext, filter: QueryFilter) =>
  groups.queryOwnGroups(services.db, auth.tenantId, auth.userId, filter);

export async function saveGroup(
  services: Services,
  auth: AuthContext,
  input: { id?: string; name: string; code?: string; sn?: number },
) {
  const name = input.name.trim();
  if (input.id) await ownGroup(services, auth, input.id);
  // a transaction of its own, answering the group: the audit record commits with it and names it
  const { id } = await services.db.transaction(async (tx) => {
    if (!input.id)
      return { id: await groups.insertGroup(tx, auth.tenantId, auth.userId, { ...input, name }) };
    await groups.updateGroup(tx, auth.tenantId, input.id, { ...input, name });
    return { id: input.id };
  });
  return ownGroup(services, auth, id);
}

export const removeGroups = (services: Services, auth: AuthContext, ids: string[]) =>
  services.db.transaction((tx) => groups.deleteOwnGroups(tx, auth.tenantId, auth.userId, ids));

export async function groupMembers(
  services: Services,
  auth: AuthContext,
  groupId: string,
  filter: QueryFilter,
) {
  await ownGroup(services, auth, groupId);
  return groups.queryMembers(services.db, auth.tenantId, groupId, filter);
}

export async function allGroupMembers(services: Services, auth: AuthContext, groupId: string) {
  await ownGroup(services, auth, groupId);
  return groups.allMembers(services.db, auth.tenantId, groupId);
}

export async function addGroupMembers(
  services: Services,
  auth: AuthContext,
  groupId: string,
  userIds: string[],
) {
  const wanted = [...new Set(userIds)];
  await services.db.transaction(async (tx) => {
    if (!(await groups.lockOwnGroup(tx, auth.tenantId, auth.userId, groupId))) {
      throw notFound('uc.groupNotFound', { id: groupId });
    }
    const known = await existingUserIds(tx, auth.tenantId, wanted);
    const unknown = wanted.find((id) => !known.includes(id));
    if (unknown) throw notFound('uc.userNotFound', { account: unknown });
    await groups.addMembers(tx, auth.tenantId, groupId, wanted);
  });
  return groups.allMembers(services.db, auth.tenantId, groupId);
}

/** Reordering: two members of the same group trade places. */
export async function swapGroupMembers(
  services: Services,
  auth: AuthContext,
  firstId: string,
  secondId: string,
) {
  await services.db.transaction(async (tx) => {
    const members = () => groups.ownMembers(tx, auth.tenantId, auth.userId, [firstId, secondId]);
    const groupIds = [...new Set((await members()).map((m) => m.groupId))];
    for (const groupId of groupIds.sort()) await groups.lockOwnGroup(tx, auth.tenantId, auth.userId, groupId);
    const found = await members();
    const first = found.find((m) => m.id === firstId);
    const second = found.find((m) => m.id === secondId);
    if (!first || !second) throw notFound('uc.groupUserNotFound', { id: !first ? firstId : secondId });
    if (first.groupId !== second.groupId) throw badRequest('uc.swapOtherGroups');
    await groups.setMemberOrder(tx, auth.tenantId, first.id, second.sn);
    await groups.setMemberOrder(tx, auth.tenantId, second.id, first.sn);
  });
  return null;
}

export async function removeGroupMembers(services: Services, auth: AuthContext, ids: string[]) {
  return services.db.transaction(async (tx) => {
    const own = await groups.ownMembers(tx, auth.tenantId, auth.userId, ids);
    return groups.deleteMembers(
      tx,
      auth.tenantId,
      own.map((m) => m.id),
    );
  });
}
