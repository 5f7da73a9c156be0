import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Timers and retries (due dates, urgent reminders, service-task calls): rows claimed with
 * FOR UPDATE SKIP LOCKED and finished in the same transaction, so they survive restarts and run once.
 */
export const scheduledJobs = pgTable(
  'sys_scheduled_job',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** pending, done, failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    lastError: text('last_error'),
    /** several jobs for one thing (a task's due reminder) replace each other through this key */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('sys_scheduled_job_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('sys_scheduled_job_dedupe_idx')
      .on(t.tenantId, t.dedupeKey)
      .where(sql`${t.status} = 'pending' and ${t.dedupeKey} is not null`),
  ],
);

/** Types by key (sys/sysType getTypesByKey): FLOW_TYPE groups the flows of the start page. */
export const sysTypes = pgTable(
  'sys_type',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    typeKey: text('type_key').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_type_code_idx').on(t.tenantId, t.typeKey, t.code),
  ],
);

/** Short links (/surl/{code}): the long address, and whether a guest may open it without signing in. */
export const shortUrls = pgTable(
  'sys_short_url',
  {
    tenantId: text('tenant_id').notNull(),
    code: text('code').notNull(),
    longUrl: text('long_url').notNull(),
    /** a guest token is issued for the link: it opens full screen without signing in */
    guest: boolean('guest').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.code] }), index('sys_short_url_long_idx').on(t.tenantId, t.longUrl)],
);

/** Uploaded files (opinion attachments and the like): the bytes live in the file store under the id. */
export const sysFiles = pgTable(
  'sys_file',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** what it was uploaded for (an opinion attachment, a news cover …); null for files from before */
    purpose: text('purpose'),
    /** a description the uploader may add (updateFileExtraProp) */
    description: text('description'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sys_file_owner_idx').on(t.tenantId, t.createdBy),
    index('sys_file_created_idx').on(t.createdAt),
  ],
);

/**
 * What is made from a file and kept so it is made once: an office document converted to PDF for its
 * preview (`pdf`), an image's thumbnails (`thumb-256` …). The bytes live in the file store under
 * `{fileId}-{kind}` and go with the file.
 */
export const sysFileRenditions = pgTable(
  'sys_file_rendition',
  {
    tenantId: text('tenant_id').notNull(),
    fileId: text('file_id').notNull(),
    kind: text('kind').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fileId, t.kind] })],
);

/**
 * What a file is attached to: an owner of a kind (a flow instance, a news entry, a form record …) and its
 * id. A file may be read by those who may read one of its owners (see modules/portal/file-access.ts);
 * a file nothing links to is its uploader's alone.
 */
export const sysFileLinks = pgTable(
  'sys_file_link',
  {
    tenantId: text('tenant_id').notNull(),
    fileId: text('file_id').notNull(),
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.fileId, t.ownerType, t.ownerId] }),
    index('sys_file_link_owner_idx').on(t.tenantId, t.ownerType, t.ownerId),
  ],
);

/**
 * System properties of a tenant by alias (sys/sysProperties): taskListFiledConf and the like, set by its
 * administrators; an encrypted value is kept sealed (security/sealed, purpose sys-property).
 */
export const sysProperties = pgTable(
  'sys_property',
  {
    tenantId: text('tenant_id').notNull(),
    alias: text('alias').notNull(),
    value: text('value').notNull(),
    encrypted: boolean('encrypted').notNull().default(false),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.alias] })],
);
