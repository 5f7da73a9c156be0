import { route } from './route.js';

/** Portal: menus and method permissions (spec §7) */
export const portalRoutes = {
  getCurrentUserMenu: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getCurrentUserMenu',
    access: 'user',
  }),
  getAllMethods: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMethod/v1/getAllMethods',
    access: 'user',
  }),
  getCurrentUserMethods: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMethod/v1/getCurrentUserMethodAuth',
    access: 'user',
  }),
  getMobileURL: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getMobileURL',
    access: 'public',
  }),
};
