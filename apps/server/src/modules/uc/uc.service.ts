import type { UserDetail } from '@eip/contracts';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { currentPostOf } from './current-post.js';
import { rightsOfUsers } from './directory.repository.js';
import { findPwdStrategy } from './pwd-strategy.repository.js';
import {
  existingUserIds,
  findUserByAccount,
  findUserByAccountOrId,
  setSessionPost,
  toUser,
  type UserRow,
} from './user.repository.js';

export async function userByAccount(services: Services, auth: AuthContext, account: string | undefined) {
  const user = await findUserByAccount(services.db, auth.tenantId, account ?? auth.account);
  if (!user) throw notFound('uc.userNotFound', { account: account ?? auth.account });
  return toUser(user);
}

export async function userDetail(
  services: Services,
  auth: AuthContext,
  accountOrId: string | undefined,
): Promise<UserDetail> {
  const user: UserRow | undefined = await findUserByAccountOrId(
    services.db,
    auth.tenantId,
    accountOrId ?? auth.userId,
  );
  if (!user) throw notFound('uc.userNotFound', { account: accountOrId ?? auth.account });
  const [rights, pwdStrategy] = await Promise.all([
    rightsOfUsers(services.db, auth.tenantId, [user.id]),
    findPwdStrategy(services.db, auth.tenantId),
  ]);
  const postList = rights.memberships
    .filter((m) => m.postId !== null)
    .map((m) => ({
      postId: m.postId ?? '',
      postName: m.postName ?? '',
      orgId: m.orgId,
      orgName: m.orgName,
      pathName: m.pathName,
      isMaster: m.isMaster,
    }));
  const orgList = [...new Map(rights.memberships.map((m) => [m.orgId, m])).values()].map((m) => ({
    orgId: m.orgId,
    orgName: m.orgName,
    pathName: m.pathName,
    isMaster: m.isMaster,
    isCharge: m.isCharge,
  }));
  const currentPostId = currentPostOf(rights.memberships, user.id === auth.userId ? auth.postId : null);
  return {
    user: toUser(user),
    tenantCode: auth.tenantCode,
    role: rights.roles.map((r) => r.name).join('|'),
    roles: rights.roles.map((r) => ({ id: r.id, code: r.code, name: r.name })),
    postList,
    orgList,
    currentPostId,
    pwdStrategy,
  };
}

/**
 * Spec §7 setCookie?postId: the post the user acts in from now on in this session (start rights, the
 * initiator's org); only one of the user's own posts.
 */
export async function switchPost(services: Services, auth: AuthContext, postId: string) {
  const rights = await rightsOfUsers(services.db, auth.tenantId, [auth.userId]);
  if (!rights.memberships.some((m) => m.postId === postId)) throw badRequest('uc.notYourPost', { postId });
  await setSessionPost(services.db, auth, postId);
}

export async function userRightMap(services: Services, auth: AuthContext, ids: string[]) {
  const [rights, known] = await Promise.all([
    rightsOfUsers(services.db, auth.tenantId, ids, auth.userId),
    existingUserIds(services.db, auth.tenantId, ids),
  ]);
  const map: Record<
    string,
    {
      roles: { id: string; name: string }[];
      posts: { id: string; name: string }[];
      orgs: { id: string; name: string }[];
      groups: { id: string; name: string }[];
    }
  > = {};
  const entry = (userId: string) => (map[userId] ??= { roles: [], posts: [], orgs: [], groups: [] });
  for (const id of known) entry(id);
  for (const r of rights.roles) entry(r.userId).roles.push({ id: r.id, name: r.name });
  for (const m of rights.memberships) {
    const e = entry(m.userId);
    if (!e.orgs.some((o) => o.id === m.orgId)) e.orgs.push({ id: m.orgId, name: m.orgName });
    if (m.postId) e.posts.push({ id: m.postId, name: m.postName ?? '' });
  }
  for (const g of rights.groups) entry(g.userId).groups.push({ id: g.id, name: g.name });
  return map;
}
