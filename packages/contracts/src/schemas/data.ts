import { Type, type Static } from '@sinclair/typebox';
import { DateTime, FileBytes, PageList, QueryFilter, oneOf } from '../common.js';
import type { RouteSchemas } from './route-schemas.js';

const Alias = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const FormData = Type.Record(Type.String(), Type.Unknown(), {
  description: 'main fields and sub-entity rows',
});

export const BO_FIELD_TYPES = ['string', 'text', 'number', 'date', 'dict'] as const;
export type BoFieldType = (typeof BO_FIELD_TYPES)[number];

/**
 * A computed main field, set from the record's other data by the browser as it is typed and by the server
 * on every save (the server's value is the one stored): the sum of a sub-table's numeric column, or the
 * Chinese uppercase money text (人民币大写) of another number field.
 */
export const BoCompute = Type.Union([
  Type.Object({ kind: Type.Literal('sum'), sub: Type.String(), field: Type.String() }),
  Type.Object({ kind: Type.Literal('moneyUppercase'), field: Type.String() }),
]);
export type BoCompute = Static<typeof BoCompute>;

export const BoField = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  label: Type.String(),
  type: oneOf(BO_FIELD_TYPES),
  required: Type.Optional(Type.Boolean()),
  /** spec §5 rule string, e.g. 'phone' or 'maxLength:20|chineseName' */
  rules: Type.Optional(Type.String()),
  /** the dictionary's type key of a dict field (sysDataDict) */
  dict: Type.Optional(Type.String()),
  maxLength: Type.Optional(Type.Integer()),
  /** number fields: at most this many decimals (money: 2) */
  decimals: Type.Optional(Type.Integer()),
  /** the custom dialog (its alias) the form picks the value with */
  dialog: Type.Optional(Type.String()),
  /** main fields only: the value is computed, never typed */
  compute: Type.Optional(BoCompute),
});
export type BoField = Static<typeof BoField>;

export const BoSubEntity = Type.Object({
  alias: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  name: Type.String(),
  fields: Type.Array(BoField),
  maxRows: Type.Optional(Type.Integer()),
});
export type BoSubEntity = Static<typeof BoSubEntity>;

/** A business object: typed fields and one-to-many sub-entities (stored as arrays in its records). */
export const BoDefinition = Type.Object({
  fields: Type.Array(BoField),
  subs: Type.Array(BoSubEntity),
});
export type BoDefinition = Static<typeof BoDefinition>;

export const BoDef = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  ...BoDefinition.properties,
});
export type BoDef = Static<typeof BoDef>;

export const TEMPLATE_BUTTONS = [
  'add',
  'edit',
  'detail',
  'del',
  'copy',
  'batchUpdate',
  'import',
  'export',
  'startFlow',
] as const;
export type TemplateButton = (typeof TEMPLATE_BUTTONS)[number];

export const TemplateCondition = Type.Object({
  field: Type.String(),
  operation: oneOf(['EQUAL', 'LIKE', 'BETWEEN'] as const),
});

/** What a template shows and allows; a button with roles is for holders of one of them (and administrators). */
export const DataTemplateDefinition = Type.Object({
  columns: Type.Array(Type.String(), { description: 'main fields shown in the list' }),
  conditions: Type.Array(TemplateCondition),
  sorter: Type.Array(Type.Object({ property: Type.String(), direction: oneOf(['ASC', 'DESC'] as const) })),
  buttons: Type.Array(
    Type.Object({
      alias: oneOf(TEMPLATE_BUTTONS),
      roles: Type.Optional(Type.Array(Type.String())),
      /** startFlow: the key of the flow it starts from a record (发起流程) */
      defKey: Type.Optional(Type.String()),
    }),
  ),
  /** main fields a batch update may set */
  batchFields: Type.Array(Type.String()),
});
export type DataTemplateDefinition = Static<typeof DataTemplateDefinition>;

export const DataTemplate = Type.Object({
  id: Type.String(),
  alias: Type.String(),
  name: Type.String(),
  boAlias: Type.String(),
  formKey: Type.String(),
  ...DataTemplateDefinition.properties,
});
export type DataTemplate = Static<typeof DataTemplate>;

export const TemplateInfo = Type.Object({
  template: DataTemplate,
  bo: BoDef,
  /** the buttons the caller may use */
  permissions: Type.Record(Type.String(), Type.Boolean()),
});
export type TemplateInfo = Static<typeof TemplateInfo>;

export const FormShape = Type.Object({
  formKey: Type.String(),
  name: Type.String(),
  schema: Type.Record(Type.String(), Type.Unknown()),
  uiSchema: Type.Record(Type.String(), Type.Unknown()),
});
export type FormShape = Static<typeof FormShape>;

export const BoRecord = Type.Object({
  id: Type.String(),
  data: FormData,
  version: Type.Integer(),
  createBy: Type.String(),
  createTime: DateTime,
  updateTime: DateTime,
});
export type BoRecord = Static<typeof BoRecord>;

export const ListedRecord = Type.Object({
  id: Type.String(),
  data: FormData,
  createTime: DateTime,
  updateTime: DateTime,
});

export const TemplateDraft = Type.Object({
  id: Type.String(),
  templateAlias: Type.String(),
  refId: Type.Union([Type.String(), Type.Null()]),
  data: FormData,
  updateTime: DateTime,
});
export type TemplateDraft = Static<typeof TemplateDraft>;

export const FieldChange = Type.Object({
  field: Type.String({ description: 'a main field, or {sub}[{row}].{field} (rows from 1)' }),
  label: Type.String(),
  oldValue: Type.Unknown(),
  newValue: Type.Unknown(),
});
export type FieldChange = Static<typeof FieldChange>;

export const ModifyRecord = Type.Object({
  id: Type.String(),
  refId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  changes: Type.Array(FieldChange),
  createTime: DateTime,
});
export type ModifyRecord = Static<typeof ModifyRecord>;

export const FieldError = Type.Object({
  field: Type.String({ description: 'a main field, or {sub}[{row}].{field} with the row from 1' }),
  message: Type.String({ description: 'in the caller’s language, naming the field (and row)' }),
});
export type FieldError = Static<typeof FieldError>;

/** The most rows one import may bring (main sheet). */
export const IMPORT_MAX_ROWS = 10000;
/** The column of a sub-table sheet naming the main sheet's row its row belongs to. */
export const IMPORT_PARENT_COLUMN = '主表行号';

export const ImportError = Type.Object({
  sheet: Type.String(),
  row: Type.Integer({ description: 'the sheet’s row number, as Excel shows it' }),
  column: Type.String({ description: 'the column’s header' }),
  message: Type.String({ description: 'in the caller’s language' }),
});
export type ImportError = Static<typeof ImportError>;

/** A sub-table row: its fields' values by field name. */
const SubRow = Type.Record(Type.String(), Type.Unknown());

export const ImportRow = Type.Object({
  row: Type.Integer({ description: 'the main sheet’s row number' }),
  data: FormData,
  valid: Type.Boolean(),
});
export type ImportRow = Static<typeof ImportRow>;

const ImportResult = Type.Object({
  importId: Type.String(),
  templateAlias: Type.String(),
  fileName: Type.String(),
  total: Type.Integer(),
  valid: Type.Integer(),
  errors: Type.Array(ImportError),
  /** the first rows as read, for review */
  preview: Type.Array(ImportRow),
});

export const ImportLog = Type.Object({
  id: Type.String(),
  templateAlias: Type.String(),
  userName: Type.String(),
  fileName: Type.String(),
  total: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  createTime: DateTime,
});

const TemplateForm = Type.Object({
  template: DataTemplate,
  bo: BoDef,
  form: FormShape,
  permissions: Type.Record(Type.String(), Type.Boolean()),
  record: Type.Union([BoRecord, Type.Null()]),
  draft: Type.Union([TemplateDraft, Type.Null()]),
});

const SaveBody = Type.Object({ data: FormData, version: Type.Optional(Type.Integer()) });

/** Schemas of spec §7 "Form data and templates": business objects, forms and data templates. */
export const dataSchemas = {
  getBoDefJson: {
    summary: 'A business object by id or alias: its typed fields and sub-entities',
    query: Type.Object({ id: Id }),
    value: BoDef,
  },
  previewDesignVue: {
    summary: 'A form (JSON Schema + UI schema) by its id or form key, for /formPreview/{formId}',
    query: Type.Object({ formId: Id }),
    value: FormShape,
  },
  getSubEntsByFormKey: {
    summary: 'The sub-entities (sub-tables) of the business object a form is bound to',
    query: Type.Object({ formKey: Alias }),
    value: Type.Array(BoSubEntity),
  },
  getBpmDataTemplateInfo: {
    summary:
      'A data template by alias with its business object and the buttons the caller may use; needDisplayFileds=false leaves the list columns out',
    query: Type.Object({ alias: Alias, needDisplayFileds: Type.Optional(oneOf(['true', 'false'] as const)) }),
    value: TemplateInfo,
  },
  listDataTemplates: {
    summary: 'The tenant’s data templates, paged and filtered (alias, name, boAlias)',
    body: QueryFilter,
    value: PageList(DataTemplate),
  },
  templateDataList: {
    summary:
      'The records of a template, paged, filtered and sorted on its business object’s main fields (and createTime, updateTime); params.draft=true lists the caller’s drafts of the template instead',
    params: Type.Object({ alias: Alias }),
    body: QueryFilter,
    value: PageList(ListedRecord),
  },
  getTemplateForm: {
    summary:
      'The form of template {a} (business object {b}) with a record (id, for edit and get) or a draft (dataKey); action add, edit or get',
    params: Type.Object({ a: Alias, b: Alias }),
    query: Type.Object({
      id: Type.Optional(Id),
      action: Type.Optional(oneOf(['add', 'edit', 'get'] as const)),
      recordId: Type.Optional(Id),
      dataKey: Type.Optional(Id),
    }),
    value: TemplateForm,
  },
  boSave: {
    summary:
      'Creates (no id) or changes a record of the template’s business object after validating it (Ajv + spec §5 rules, every error named by field and row); records the changed fields; delDraftId removes the draft it came from. A stale version is a 409',
    params: Type.Object({ templateKey: Alias, boAlias: Alias }),
    query: Type.Object({ delDraftId: Type.Optional(Id) }),
    body: Type.Object({ id: Type.Optional(Id), ...SaveBody.properties }),
    value: BoRecord,
  },
  boSaveDraft: {
    summary: 'Saves the caller’s draft of a template’s record (not validated); with id, changes that draft',
    body: Type.Object({
      id: Type.Optional(Id),
      templateAlias: Alias,
      refId: Type.Optional(Id),
      data: FormData,
    }),
    value: TemplateDraft,
  },
  getTempDraftData: {
    summary: 'One of the caller’s drafts',
    params: Type.Object({ id: Id }),
    value: TemplateDraft,
  },
  boCopy: {
    summary: 'Copies a record (main fields and sub rows) into a new one',
    body: Type.Object({ templateAlias: Alias, id: Id }),
    value: BoRecord,
  },
  boBatchUpdate: {
    summary:
      'Sets main fields of several records at once (only the template’s batch fields); each record is validated and its change recorded',
    params: Type.Object({ boAlias: Alias }),
    body: Type.Object({
      templateAlias: Alias,
      ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }),
      data: FormData,
    }),
    value: Type.Object({ updated: Type.Integer() }),
  },
  boDel: {
    summary: 'Deletes records (ids comma-joined) of a business object through the template of formKey',
    params: Type.Object({ boAlias: Alias }),
    query: Type.Object({
      ids: Type.String({ minLength: 1, maxLength: 10000 }),
      formKey: Alias,
    }),
    value: Type.Object({ deleted: Type.Integer() }),
  },
  getSubDataPagination: {
    summary: 'One page of a record’s sub-entity rows',
    body: Type.Object({
      templateAlias: Alias,
      id: Id,
      subAlias: Alias,
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    }),
    value: PageList(Type.Record(Type.String(), Type.Unknown())),
  },
  getDataTemplateButtonPermission: {
    summary:
      'Which of the buttons (permissionTypes, comma-joined: add, edit, detail, del, copy, batchUpdate) of a template the caller may use',
    query: Type.Object({
      permissionTypes: Type.String({ minLength: 1, maxLength: 200 }),
      templateAlias: Alias,
    }),
    value: Type.Record(Type.String(), Type.Boolean()),
  },
  listModifyRecords: {
    summary: 'The change history of a record (params.refId), newest first',
    body: QueryFilter,
    value: PageList(ModifyRecord),
  },
  validateFormData: {
    summary:
      'The backend validation: checks form data against a template’s business object and answers every field error in the caller’s language (an empty list when valid)',
    body: Type.Object({ templateAlias: Alias, data: FormData }),
    value: Type.Array(FieldError),
  },
  downloadTempFile: {
    summary:
      'The import template of a data template (id: its alias): a main sheet with a column per field (required ones marked *, dictionaries as drop-downs) and a sheet per sub-table with the column 主表行号',
    params: Type.Object({ id: Alias }),
    value: FileBytes,
  },
  newImport: {
    summary: `A dry run of an import (multipart, field \`file\`, an .xlsx of the import template): every error by sheet, row and column in the caller’s language; nothing is saved. At most ${IMPORT_MAX_ROWS} rows (more is a 413)`,
    query: Type.Object({ templateAlias: Alias }),
    value: ImportResult,
  },
  getImportCache: {
    summary: 'A dry run of the caller’s, to review before saving',
    body: Type.Object({ importId: Id }),
    value: ImportResult,
  },
  saveImportResult: {
    summary:
      'Saves the rows of a dry run that have no error (the others are counted as failed) and logs the import',
    body: Type.Object({ importId: Id }),
    value: ImportLog,
  },
  batchSave: {
    summary:
      'Creates several records at once (add button); all are validated first, and none is saved if one fails',
    body: Type.Object({
      templateAlias: Alias,
      rows: Type.Array(FormData, { minItems: 1, maxItems: 1000 }),
    }),
    value: Type.Object({ saved: Type.Integer() }),
  },
  listImportLogs: {
    summary:
      'The imports of the tenant’s templates, newest first (filters: templateAlias, fileName, createTime)',
    body: QueryFilter,
    value: PageList(ImportLog),
  },
  exportData: {
    summary:
      'An .xlsx of a template’s records, written as a stream: the selected ids, or all matching the filter; sub-table rows on their own sheets',
    body: Type.Object({
      templateAlias: Alias,
      ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000 })),
      filter: Type.Optional(QueryFilter),
    }),
    value: FileBytes,
  },
  exportSub: {
    summary:
      'An .xlsx of the rows of one sub-table of a record (export button): a column per sub-table field titled with its label, dictionary values as their names',
    body: Type.Object({ templateAlias: Alias, id: Id, subAlias: Alias }),
    value: FileBytes,
  },
  importSub: {
    summary: `Reads an .xlsx of one sub-table’s rows for the form (multipart, field \`file\`; the sheet named as the sub-table, else the first; columns titled with the field labels, dictionary names or keys); import button, and the form’s edit button with id (the record, of the caller’s tenant) or add without. Nothing is saved: the rows are answered for the form’s grid, to replace its rows once reviewed, or, when a cell breaks a field rule, no rows and every error by row and column in the caller’s language. At most the sub-table’s maxRows (and ${IMPORT_MAX_ROWS}) rows (more is a 413)`,
    query: Type.Object({ templateAlias: Alias, subAlias: Alias, id: Type.Optional(Id) }),
    value: Type.Object({ rows: Type.Array(SubRow), errors: Type.Array(ImportError) }),
  },
  exportFormSub: {
    summary:
      'An .xlsx of the sub-table rows a form holds (posted by the browser, not saved; export button): subDesc names the sub-table (its alias or name); a column per sub-table field, dictionary values as their names',
    query: Type.Object({ subDesc: Type.String({ minLength: 1, maxLength: 100 }) }),
    body: Type.Object({
      templateAlias: Alias,
      rows: Type.Array(SubRow, { maxItems: IMPORT_MAX_ROWS }),
    }),
    value: FileBytes,
  },
} as const satisfies Record<string, RouteSchemas>;
