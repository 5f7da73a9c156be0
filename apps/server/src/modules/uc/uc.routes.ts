import { notFound } from '../../errors.js';
import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as contacts from './contact-group.service.js';
import * as directory from './directory.repository.js';
import { splitIds } from './ids.js';
import { findPwdStrategy } from './pwd-strategy.repository.js';
import { findTenantByCode } from './tenant.repository.js';
import { resolveTenant, tenantLogo } from './tenant.service.js';
import { switchPost, userByAccount, userDetail, userRightMap } from './uc.service.js';
import { queryUsers, queryUsersWithMainOrgPost } from './user.repository.js';

export const ucHandlers = (services: Services) => {
  const { db } = services;
  return defineHandlers({
    getByAccount: async ({ body }, { auth }) => userByAccount(services, auth, body.account),
    getDetailByAccountOrId: async ({ body }, { auth }) => userDetail(services, auth, body.accountOrId),
    getDefaultPwdStrategy: async ({ query }, { auth }) =>
      findPwdStrategy(db, auth ? auth.tenantId : (await resolveTenant(db, query.tenantId)).id),
    getTenantByCode: async ({ query }) => {
      const tenant = await findTenantByCode(db, query.code);
      if (!tenant || !tenant.enabled) throw notFound('auth.unknownTenant', { tenant: query.code });
      return {
        id: tenant.id,
        code: tenant.code,
        name: tenant.name,
        frontLogo: tenant.frontLogo,
        manageLogo: tenant.manageLogo,
        ico: tenant.ico,
      };
    },
    getTenantLogo: async ({ query }) => tenantLogo(services, query.code, query.fileId),

    queryUsersByType: async ({ body }, { auth }) => queryUsers(db, auth.tenantId, body),
    queryUserWithMainOrgPost: async ({ body }, { auth }) =>
      queryUsersWithMainOrgPost(db, auth.tenantId, body),
    getUserRightMapByIds: async ({ query }, { auth }) => userRightMap(services, auth, splitIds(query.ids)),
    getOrgsByParentAndDem: async ({ body }, { auth }) => {
      const demId = body.demId ?? (await directory.defaultDimensionId(db, auth.tenantId));
      return demId ? directory.orgChildren(db, auth.tenantId, demId, body.parentId) : [];
    },
    getOrgPage: async ({ body }, { auth }) => directory.queryOrgs(db, auth.tenantId, body),
    getOrgListByUserId: async ({ query }, { auth }) => directory.orgsOfUser(db, auth.tenantId, query.userId),
    getRolePage: async ({ body }, { auth }) => directory.queryRoles(db, auth.tenantId, body),
    getJobPage: async ({ body }, { auth }) => directory.queryJobs(db, auth.tenantId, body),
    getOrgPostPage: async ({ body }, { auth }) => directory.queryPosts(db, auth.tenantId, body),
    getDemListAll: async (_input, { auth }) => directory.listDimensions(db, auth.tenantId),
    getAllDems: async (_input, { auth }) => directory.listDimensions(db, auth.tenantId),

    queryGroups: async ({ body }, { auth }) => contacts.queryGroups(services, auth, body),
    saveGroup: async ({ body }, { auth }) => contacts.saveGroup(services, auth, body),
    removeGroups: async ({ query }, { auth, audit }) =>
      changed(audit, await contacts.removeGroups(services, auth, splitIds(query.ids))),
    setPostCookie: async ({ query }, { auth }) => {
      await switchPost(services, auth, query.postId);
      return null;
    },
    getGroupUsers: async ({ query, body }, { auth }) =>
      contacts.groupMembers(services, auth, query.groupId, body),
    loadUserByGroupId: async ({ query }, { auth }) => contacts.allGroupMembers(services, auth, query.groupId),
    saveGroupUsers: async ({ body }, { auth }) =>
      contacts.addGroupMembers(services, auth, body.groupId, body.userIds),
    swapGroupUsers: async ({ body }, { auth }) =>
      contacts.swapGroupMembers(services, auth, body.firstId, body.secondId),
    removeGroupUsers: async ({ query }, { auth, audit }) =>
      changed(audit, await contacts.removeGroupMembers(services, auth, splitIds(query.ids))),
  });
};
