import type {
  BoDefinition,
  DataTemplateDefinition,
  FieldChange,
  ImportError,
  ImportRow,
} from '@eip/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Business objects, their rows, data templates, drafts and change records (spec §7 "Form data and templates"). */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A business object (bo/def): typed fields and sub-entities; its form lives in bpm_form under formKey. */
export const boDefs = pgTable(
  'form_bo_def',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    def: jsonb('def').$type<BoDefinition>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_bo_def_alias_idx').on(t.tenantId, t.alias),
  ],
);

/**
 * One record of a business object: main fields and sub-entity rows as one JSON document. Filters on
 * equality use the GIN index (data @> …); the list's default order and paging use the btree one.
 */
export const boRows = pgTable(
  'form_bo_row',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    boAlias: text('bo_alias').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_bo_row_list_idx').on(t.tenantId, t.boAlias, t.createdAt.desc(), t.id),
    index('form_bo_row_data_idx').using('gin', sql`${t.data} jsonb_path_ops`),
  ],
);

/** A data template: a business object with list columns, query conditions, sort and buttons. */
export const dataTemplates = pgTable(
  'form_data_template',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    boAlias: text('bo_alias').notNull(),
    formKey: text('form_key').notNull(),
    def: jsonb('def').$type<DataTemplateDefinition>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_data_template_alias_idx').on(t.tenantId, t.alias),
  ],
);

/** A user's unsaved record of a template (boSaveDraft); saving the record with delDraftId removes it. */
export const templateDrafts = pgTable(
  'form_template_draft',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    templateAlias: text('template_alias').notNull(),
    userId: text('user_id').notNull(),
    /** the record the draft changes; null for a new one */
    refId: text('ref_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_template_draft_user_idx').on(t.tenantId, t.userId, t.templateAlias, t.updatedAt.desc()),
  ],
);

/** Who changed which fields of a record, from what to what (boDataModifyRecord). */
export const boModifyRecords = pgTable(
  'form_bo_modify_record',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    boAlias: text('bo_alias').notNull(),
    refId: text('ref_id').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_bo_modify_record_ref_idx').on(t.tenantId, t.refId, t.createdAt.desc()),
  ],
);

/** An import's dry run (newImport): its parsed rows and errors, kept until saved or replaced. */
export const importCaches = pgTable(
  'form_import_cache',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    templateAlias: text('template_alias').notNull(),
    userId: text('user_id').notNull(),
    fileName: text('file_name').notNull(),
    rows: jsonb('rows').$type<ImportRow[]>().notNull(),
    errors: jsonb('errors').$type<ImportError[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_import_cache_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/** One saved import of a template (formDataImportLog). */
export const importLogs = pgTable(
  'form_import_log',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    templateAlias: text('template_alias').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull(),
    succeeded: integer('succeeded').notNull(),
    failed: integer('failed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_import_log_template_idx').on(t.tenantId, t.templateAlias, t.createdAt.desc()),
  ],
);
