/**
 * The route table: every call of spec §7 by name, with its method, group and path as the spec writes it.
 * This file holds no schemas so the web app can import it without the schema library; the schemas of
 * each route live in `schemas.ts` under the same name, and the server checks that both tables agree.
 * The URL of a route is `{group base}/{path}`; the default base of a group is `/{group}`.
 */
export const GROUPS = ['auth', 'uc', 'portal', 'bpm-model', 'bpm-runtime', 'form'] as const;
export type Group = (typeof GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: no token needed; optional: a token is read when present; user: a valid token is required.
 * audit: the action recorded in the audit trail for every call of this route (state-changing calls).
 */
export interface RouteInfo {
  method: HttpMethod;
  group: Group;
  path: string;
  access: 'public' | 'optional' | 'user';
  audit?: string;
  summary: string;
}

const route = <const R extends RouteInfo>(r: R) => r;

export const routes = {
  // Auth and user (spec §7)
  getPublicKey: route({
    method: 'GET',
    group: 'auth',
    path: 'base/tools/v1/getPublicKey',
    access: 'public',
    summary: 'RSA public key (SPKI PEM) for encrypting passwords with RSA-OAEP/SHA-256',
  }),
  login: route({
    method: 'POST',
    group: 'auth',
    path: 'auth',
    access: 'public',
    audit: 'auth.login',
    summary: 'Sign in with account and RSA-encrypted password',
  }),
  signout: route({
    method: 'GET',
    group: 'auth',
    path: 'signout',
    access: 'user',
    audit: 'auth.signout',
    summary: 'Sign out: the token is revoked',
  }),
  getByAccount: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getByAccount',
    access: 'user',
    summary: 'A user of the caller’s tenant by account (the caller when no account is given)',
  }),
  getDetailByAccountOrId: route({
    method: 'POST',
    group: 'uc',
    path: 'user/getDetailByAccountOrId',
    access: 'user',
    summary: 'User detail: roles, posts, orgs and the password strategy',
  }),
  changUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'user/changUserPsd',
    access: 'public',
    audit: 'user.changePassword',
    summary: 'Change a password by account and old password (used when sign-in requires a change)',
  }),
  modifiUserPsd: route({
    method: 'POST',
    group: 'uc',
    path: 'api/user/v1/user/modifiUserPsd',
    access: 'user',
    audit: 'user.modifyPassword',
    summary: 'The signed-in user changes their password (both RSA-encrypted)',
  }),
  getDefaultPwdStrategy: route({
    method: 'GET',
    group: 'uc',
    path: 'api/pwdStrategy/v1/getDefault',
    access: 'optional',
    summary: 'The password strategy of the caller’s tenant (or of tenantId)',
  }),
  getTenantByCode: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/tenantManage/v1/getTenantByCode',
    access: 'public',
    summary: 'Tenant name and logos by code (login page)',
  }),

  // Directory (uc)
  queryUsersByType: route({
    method: 'POST',
    group: 'uc',
    path: 'api/user/v1/users/queryByType',
    access: 'user',
    summary: 'Users, paged and filtered',
  }),
  queryUserWithMainOrgPost: route({
    method: 'POST',
    group: 'uc',
    path: 'api/user/v1/users/queryUserWithMainOrgPost',
    access: 'user',
    summary: 'Users with their main org and post, paged and filtered',
  }),
  getUserRightMapByIds: route({
    method: 'GET',
    group: 'uc',
    path: 'api/user/v1/user/getUserRightMapByIds',
    access: 'user',
    summary: 'For each user id: roles, posts, orgs and groups',
  }),
  getOrgsByParentAndDem: route({
    method: 'POST',
    group: 'uc',
    path: 'api/org/v1/orgs/getByParentAndDem',
    access: 'user',
    summary: 'Child orgs of a parent in a dimension (roots when no parent)',
  }),
  getOrgPage: route({
    method: 'POST',
    group: 'uc',
    path: 'api/org/v1/orgs/getOrgPage',
    access: 'user',
    summary: 'Orgs, paged and filtered',
  }),
  getOrgListByUserId: route({
    method: 'GET',
    group: 'uc',
    path: 'api/org/v1/orgs/getOrgListByUserId',
    access: 'user',
    summary: 'The orgs a user belongs to',
  }),
  getRolePage: route({
    method: 'POST',
    group: 'uc',
    path: 'api/role/v1/roles/getRolePage',
    access: 'user',
    summary: 'Roles, paged and filtered',
  }),
  getJobPage: route({
    method: 'POST',
    group: 'uc',
    path: 'api/job/v1/jobs/getJobPage',
    access: 'user',
    summary: 'Jobs, paged and filtered',
  }),
  getOrgPostPage: route({
    method: 'POST',
    group: 'uc',
    path: 'api/org/v1/orgPosts/getOrgPostPage',
    access: 'user',
    summary: 'Posts with their org, paged and filtered',
  }),
  getDemListAll: route({
    method: 'POST',
    group: 'uc',
    path: 'api/demension/v1/dems/getDemListAll',
    access: 'user',
    summary: 'All dimensions',
  }),
  getAllDems: route({
    method: 'GET',
    group: 'uc',
    path: 'api/demension/v1/dems/getAll',
    access: 'user',
    summary: 'All dimensions',
  }),
  queryGroups: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroup/v1/query',
    access: 'user',
    summary: 'The caller’s contact groups, paged and filtered',
  }),
  saveGroup: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroup/v1/save',
    access: 'user',
    audit: 'ucGroup.save',
    summary: 'Create or rename one of the caller’s contact groups',
  }),
  removeGroups: route({
    method: 'DELETE',
    group: 'uc',
    path: 'uc/ucGroup/v1/remove',
    access: 'user',
    audit: 'ucGroup.remove',
    summary: 'Delete contact groups of the caller (with their members)',
  }),
  setPostCookie: route({
    method: 'GET',
    group: 'uc',
    path: 'uc/ucGroup/v1/setCookie',
    access: 'user',
    audit: 'user.switchPost',
    summary: 'Switch the current post: sets the post cookie',
  }),
  getGroupUsers: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroupUser/v1/getGroupUsers',
    access: 'user',
    summary: 'Members of one of the caller’s groups, paged, in their order',
  }),
  loadUserByGroupId: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroupUser/v1/loadUserByGroupId',
    access: 'user',
    summary: 'All members of one of the caller’s groups, in their order',
  }),
  saveGroupUsers: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroupUser/v1/saveJson',
    access: 'user',
    audit: 'ucGroupUser.save',
    summary: 'Add users to one of the caller’s groups (already present ones are kept once)',
  }),
  swapGroupUsers: route({
    method: 'POST',
    group: 'uc',
    path: 'uc/ucGroupUser/v1/swap',
    access: 'user',
    audit: 'ucGroupUser.swap',
    summary: 'Swap the order of two members of a group',
  }),
  removeGroupUsers: route({
    method: 'DELETE',
    group: 'uc',
    path: 'uc/ucGroupUser/v1/remove',
    access: 'user',
    audit: 'ucGroupUser.remove',
    summary: 'Remove members from the caller’s groups',
  }),

  // Portal: menus and method permissions
  getCurrentUserMenu: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getCurrentUserMenu',
    access: 'user',
    summary: 'The caller’s menu tree for a menu alias, filtered by role',
  }),
  getAllMethods: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMethod/v1/getAllMethods',
    access: 'user',
    summary: 'All method permission codes of the tenant',
  }),
  getCurrentUserMethods: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMethod/v1/getCurrentUserMethodAuth',
    access: 'user',
    summary: 'The method permission codes the caller holds',
  }),
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof routes;

/** The URL of a route under its group's base (default `/{group}`). */
export const routeUrl = (name: RouteName, base = `/${routes[name].group}`): string =>
  `${base}/${routes[name].path.replace(/^\//, '')}`;
