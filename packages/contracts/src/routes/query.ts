import { route } from './route.js';

/**
 * Custom query, query views, custom charts and custom dialogs (spec §7 "Form data and templates"): read-only
 * queries an administrator defines over business objects, with no SQL text from the browser.
 */
export const queryRoutes = {
  customQueryGetByAlias: route({
    method: 'POST',
    group: 'form',
    path: 'form/customQuery/getByAlias',
    access: 'user',
  }),
  customQueryList: route({
    method: 'POST',
    group: 'form',
    path: 'form/customQuery/listJson',
    access: 'user',
  }),
  customQuerySave: route({
    method: 'POST',
    group: 'form',
    path: 'form/customQuery/save',
    access: 'user',
    audit: 'customQuery.save',
  }),
  customQueryRemove: route({
    method: 'DELETE',
    group: 'form',
    path: 'form/customQuery/remove',
    access: 'user',
    audit: 'customQuery.remove',
  }),
  queryViewGetJson: route({ method: 'GET', group: 'form', path: 'query/queryView/getJson', access: 'user' }),
  queryViewData: route({
    method: 'POST',
    group: 'form',
    path: 'query/queryView/data_{sqlAlias}/{alias}',
    access: 'user',
  }),
  queryViewExport: route({
    method: 'POST',
    group: 'form',
    path: 'query/queryView/export',
    access: 'user',
    kind: 'download',
  }),
  customChartGet: route({ method: 'GET', group: 'form', path: 'customChart/get/{id}', access: 'user' }),
  customChartListData: route({
    method: 'POST',
    group: 'form',
    path: 'customChart/getListData',
    access: 'user',
  }),
  customDialogGetByAlias: route({
    method: 'GET',
    group: 'form',
    path: 'customDialog/getByAlias',
    access: 'user',
  }),
  customDialogTreeData: route({
    method: 'GET',
    group: 'form',
    path: 'customDialog/getTreeData',
    access: 'user',
  }),
};
