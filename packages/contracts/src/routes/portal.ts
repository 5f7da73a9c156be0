import { route } from './route.js';

/** Portal: menus and method permissions (spec §7) */
export const portalRoutes = {
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
  getMobileURL: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getMobileURL',
    access: 'public',
    summary: 'The mobile portal’s address a phone is sent to, when the server has one (else null)',
  }),
};
