import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { allMethods } from './menu.repository.js';
import { currentUserMenu, currentUserMethods, menusOfUser, subMenusOfUser } from './menu.service.js';
import { mobileAddress } from './mobile-address.js';

export const portalHandlers = (services: Services) =>
  defineHandlers({
    getCurrentUserMenu: async ({ query }, { auth }) => currentUserMenu(services, auth, query.menuAlias),
    getMenusByUserId: async ({ query }, { auth }) =>
      menusOfUser(services, auth, query.userId, query.menuAlias),
    getSubMenusByUserId: async ({ query }, { auth }) =>
      subMenusOfUser(services, auth, query.userId, query.alias),
    getAllMethods: async (_input, { auth }) => allMethods(services.db, auth.tenantId),
    getCurrentUserMethods: async (_input, { auth }) => currentUserMethods(services, auth),
    getMobileURL: async () => services.config.mobileUrl,
    pcToMobile: async ({ query }) => mobileAddress(services.config.publicUrl, query.url),
  });
