import { route } from './route.js';

/**
 * Form data and templates (spec §7): business objects, forms, data templates with their records, drafts
 * and change history, and the template buttons the caller may use.
 */
export const dataRoutes = {
  getBoDefJson: route({ method: 'GET', group: 'form', path: 'bo/def/getJson', access: 'user' }),
  previewDesignVue: route({ method: 'GET', group: 'form', path: 'form/previewDesignVue', access: 'user' }),
  getSubEntsByFormKey: route({
    method: 'GET',
    group: 'form',
    path: 'form/getSubEntsByFormKey',
    access: 'user',
  }),
  getBpmDataTemplateInfo: route({
    method: 'GET',
    group: 'form',
    path: 'dataTemplate/getBpmDataTemplateInfo',
    access: 'user',
  }),
  listDataTemplates: route({ method: 'POST', group: 'form', path: 'dataTemplate/listJson', access: 'user' }),
  templateDataList: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/dataList_{alias}',
    access: 'user',
  }),
  getTemplateForm: route({
    method: 'GET',
    group: 'form',
    path: 'dataTemplate/getForm/{a}/{b}',
    access: 'user',
  }),
  boSave: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/boSave/{templateKey}/{boAlias}',
    access: 'user',
    audit: 'dataTemplate.boSave',
  }),
  boSaveDraft: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/boSaveDraft',
    access: 'user',
    audit: 'dataTemplate.boSaveDraft',
  }),
  getTempDraftData: route({
    method: 'GET',
    group: 'form',
    path: 'dataTemplate/getTempDraftData/{id}',
    access: 'user',
  }),
  boCopy: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/boCopy',
    access: 'user',
    audit: 'dataTemplate.boCopy',
  }),
  boBatchUpdate: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/boBatchUpdate/{boAlias}',
    access: 'user',
    audit: 'dataTemplate.boBatchUpdate',
  }),
  boDel: route({
    method: 'DELETE',
    group: 'form',
    path: 'dataTemplate/boDel/{boAlias}',
    access: 'user',
    audit: 'dataTemplate.boDel',
  }),
  getSubDataPagination: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/getSubDataPagination',
    access: 'user',
  }),
  getDataTemplateButtonPermission: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'instance/v1/getDataTemplateButtonPermission',
    access: 'user',
  }),
  listModifyRecords: route({
    method: 'POST',
    group: 'bpm-runtime',
    path: 'boDataModifyRecord/listJsonQuery',
    access: 'user',
  }),
  validateFormData: route({ method: 'POST', group: 'form', path: 'form/validateFormData', access: 'user' }),
  downloadTempFile: route({
    method: 'GET',
    group: 'form',
    path: 'dataTemplate/downloadTempFile/{id}',
    access: 'user',
    kind: 'download',
  }),
  newImport: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/newImport',
    access: 'user',
    audit: 'dataTemplate.newImport',
    kind: 'upload',
  }),
  getImportCache: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/getImportCache',
    access: 'user',
  }),
  saveImportResult: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/saveImportResult',
    access: 'user',
    audit: 'dataTemplate.saveImportResult',
  }),
  batchSave: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/batchSave',
    access: 'user',
    audit: 'dataTemplate.batchSave',
  }),
  listImportLogs: route({
    method: 'POST',
    group: 'form',
    path: 'formDataImportLog/listJson',
    access: 'user',
  }),
  exportData: route({
    method: 'POST',
    group: 'form',
    path: 'dataTemplate/export',
    access: 'user',
    audit: 'dataTemplate.export',
    kind: 'download',
  }),
};
