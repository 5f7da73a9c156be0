import { route } from './route.js';

/** Portal: menus, method permissions, system properties and mobile addresses (spec §7) */
export const portalRoutes = {
  getCurrentUserMenu: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getCurrentUserMenu',
    access: 'user',
  }),
  /** Spec §7 "menus and sub menus by user id": the user themselves, or an administrator of the tenant. */
  getMenusByUserId: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getMenusByUserId',
    access: 'user',
  }),
  getSubMenusByUserId: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysMenu/v1/getSubMenusByUserId',
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
  getDecryptByAlias: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/sysProperties/v1/getDecryptByAlias',
    access: 'user',
  }),
  /** Not in spec §7: how an administrator sets a system property (issue 17). */
  saveSysProperty: route({
    method: 'POST',
    group: 'portal',
    path: 'sys/sysProperties/v1/save',
    access: 'user',
    audit: 'sysProperties.save',
  }),
  pcToMobile: route({
    method: 'GET',
    group: 'portal',
    path: 'system/convert/v1/pcToMobile',
    access: 'user',
  }),
};
