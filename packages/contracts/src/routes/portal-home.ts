import { route } from './route.js';

/**
 * The portal home (spec §7 "Portal content, files, misc" and "Auth and user"): the user's effective
 * layout (vueFrontHome), the columns and their data (sysIndexColumn, getDatasByAlias with the 50 ms merge
 * of spec §9), the layouts an administrator arranges (sysIndexLayoutManage), the user's own arrangement
 * (portalUserLayoutConfig/save, and the layout save of "Auth and user"), and the apps of the 'other
 * portals' switcher (sysApp/authList).
 */
export const portalHomeRoutes = {
  vueFrontHome: route({
    method: 'GET',
    group: 'portal',
    path: 'portal/main/vueFrontHome',
    access: 'user',
  }),
  getColumnByAlias: route({
    method: 'GET',
    group: 'portal',
    path: 'sysIndexColumn/v1/getByAlias',
    access: 'user',
  }),
  getColumnList: route({
    method: 'POST',
    group: 'portal',
    path: 'sysIndexColumn/v1/list',
    access: 'user',
  }),
  getDatasByAlias: route({
    method: 'POST',
    group: 'portal',
    path: 'sysIndexColumn/v1/getDatasByAlias',
    access: 'user',
  }),
  saveColumn: route({
    method: 'POST',
    group: 'portal',
    path: 'sysIndexColumn/v1/save',
    access: 'user',
    audit: 'portalColumn.save',
  }),
  removeColumns: route({
    method: 'DELETE',
    group: 'portal',
    path: 'sysIndexColumn/v1/remove',
    access: 'user',
    audit: 'portalColumn.remove',
  }),
  getLayoutByAlias: route({
    method: 'GET',
    group: 'portal',
    path: 'sysIndexLayoutManage/v1/getByAlias',
    access: 'user',
  }),
  getLayoutList: route({
    method: 'GET',
    group: 'portal',
    path: 'sysIndexLayoutManage/v1/list',
    access: 'user',
  }),
  saveLayout: route({
    method: 'POST',
    group: 'portal',
    path: 'sysIndexLayoutManage/v1/save',
    access: 'user',
    audit: 'portalLayout.save',
  }),
  removeLayouts: route({
    method: 'DELETE',
    group: 'portal',
    path: 'sysIndexLayoutManage/v1/remove',
    access: 'user',
    audit: 'portalLayout.remove',
  }),
  saveUserLayoutConfig: route({
    method: 'POST',
    group: 'portal',
    path: 'portalUserLayoutConfig/save',
    access: 'user',
    audit: 'portalUserLayout.save',
  }),
  saveMyLayout: route({
    method: 'POST',
    group: 'portal',
    path: 'sys/sysIndexMyLayout/v1/save',
    access: 'user',
    audit: 'portalUserLayout.save',
  }),
  resetUserLayoutConfig: route({
    method: 'DELETE',
    group: 'portal',
    path: 'portalUserLayoutConfig/v1/reset',
    access: 'user',
    audit: 'portalUserLayout.reset',
  }),
  getAppAuthList: route({
    method: 'POST',
    group: 'portal',
    path: 'sysApp/authList',
    access: 'user',
  }),
  getApp: route({
    method: 'GET',
    group: 'portal',
    path: 'sysApp/v1/get',
    access: 'user',
  }),
};
