import { route } from './route.js';

/**
 * Portal content, files, misc (spec §7): dictionaries, tags, serial numbers, pinyin, often-used menus, the
 * menu of a data template, and the refused script call; the current date of "Form data and templates".
 */
export const miscRoutes = {
  getDictByTypeKey: route({
    method: 'POST',
    group: 'portal',
    path: 'sysDataDict/getByTypeKeyForComBo',
    access: 'user',
  }),
  queryTags: route({
    method: 'POST',
    group: 'portal',
    path: 'sysTag/query',
    access: 'user',
  }),
  saveTag: route({
    method: 'POST',
    group: 'portal',
    path: 'sysTag/save',
    access: 'user',
    audit: 'sysTag.save',
  }),
  getNextIdByAlias: route({
    method: 'GET',
    group: 'portal',
    path: 'identity/getNextIdByAlias',
    access: 'user',
    audit: 'identity.next',
  }),
  executeScript: route({
    method: 'POST',
    group: 'portal',
    path: 'script/executeScript',
    access: 'user',
    audit: 'script.execute',
  }),
  getFirstMenuRouterPathByTemplateAlias: route({
    method: 'GET',
    group: 'portal',
    path: 'sysMenu/getFirstMenuRouterPathByTemplateAlias',
    access: 'user',
  }),
  often: route({
    method: 'POST',
    group: 'portal',
    path: 'system/often',
    access: 'user',
  }),
  getPinyin: route({
    method: 'GET',
    group: 'portal',
    path: 'tools/getPinyin',
    access: 'user',
  }),
  getCurrentDate: route({
    method: 'GET',
    group: 'form',
    path: 'base/tools/getCurrentDate',
    access: 'user',
  }),
};
