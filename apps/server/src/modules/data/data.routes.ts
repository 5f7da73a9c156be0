import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { listTemplates } from './data.repository.js';
import { templateForm } from './form.service.js';
import * as excel from './import.service.js';
import * as records from './record.service.js';
import * as subExcel from './sub-excel.service.js';
import * as templates from './template.service.js';

export const dataHandlers = ({ db }: Services) =>
  defineHandlers({
    getBoDefJson: async ({ query }, { auth }) => templates.boDefOf(db, auth, query.id),
    previewDesignVue: async ({ query }, { auth }) => templates.formOf(db, auth, query.formId),
    getSubEntsByFormKey: async ({ query }, { auth }) => templates.subEntitiesOfForm(db, auth, query.formKey),
    getBpmDataTemplateInfo: async ({ query }, { auth }) =>
      templates.templateInfo(db, auth, query.alias, query.needDisplayFileds !== 'false'),
    listDataTemplates: async ({ body }, { auth }) => {
      const list = await listTemplates(db, auth.tenantId, body);
      return {
        ...list,
        rows: list.rows.map(templates.toTemplate),
      };
    },
    templateDataList: async ({ params, body }, { auth }) =>
      records.templateRows(db, auth, params.alias, body),
    getTemplateForm: async ({ params, query }, { auth }) => templateForm(db, auth, params.a, params.b, query),
    boSave: async ({ params, query, body }, { auth, lang }) =>
      records.saveRecord(db, auth, lang, { ...params, delDraftId: query.delDraftId, ...body }),
    boSaveDraft: async ({ body }, { auth }) => records.saveDraft(db, auth, body),
    getTempDraftData: async ({ params }, { auth }) => records.draftOf(db, auth, params.id),
    boCopy: async ({ body }, { auth }) => records.copyRecord(db, auth, body.templateAlias, body.id),
    boBatchUpdate: async ({ params, body }, { auth, lang }) =>
      records.batchUpdate(db, auth, lang, { boAlias: params.boAlias, ...body }),
    boDel: async ({ params, query }, { auth, audit }) => {
      const removed = await records.deleteRecords(db, auth, params.boAlias, query.ids, query.formKey);
      changed(audit, removed.deleted);
      return removed;
    },
    getSubDataPagination: async ({ body }, { auth }) => records.subRows(db, auth, body),
    getDataTemplateButtonPermission: async ({ query }, { auth }) =>
      templates.permissionsByType(db, auth, query.templateAlias, query.permissionTypes),
    listModifyRecords: async ({ body }, { auth }) => records.modifyHistory(db, auth, body),
    downloadTempFile: async ({ params }, { auth }) => excel.downloadTemplate(db, auth, params.id),
    newImport: async ({ query }, { auth, lang, request }) =>
      excel.dryRun(db, auth, lang, query.templateAlias, await request.file()),
    getImportCache: async ({ body }, { auth }) => excel.importCache(db, auth, body.importId),
    saveImportResult: async ({ body }, { auth }) => excel.saveImport(db, auth, body.importId),
    batchSave: async ({ body }, { auth, lang }) =>
      excel.batchSave(db, auth, lang, body.templateAlias, body.rows),
    listImportLogs: async ({ body }, { auth }) => excel.importLogs(db, auth, body),
    exportData: async ({ body }, { auth }) => excel.exportRecords(db, auth, body),
    exportSub: async ({ body }, { auth }) => subExcel.exportSub(db, auth, body),
    importSub: async ({ query }, { auth, lang, request }) =>
      subExcel.importSub(db, auth, lang, query, await request.file()),
    exportFormSub: async ({ query, body }, { auth }) => subExcel.exportFormSub(db, auth, query.subDesc, body),
    validateFormData: async ({ body }, { auth, lang }) => {
      const { bo } = await templates.loadTemplate(db, auth, body.templateAlias);
      return templates.fieldErrors(db, auth, lang, bo, templates.storedData(bo, body.data));
    },
  });
