import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Dictionaries, tags, serial numbers and often-used menus (spec §7 "Portal content, files, misc"). */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One entry of a dictionary (sysDataDict): the entries of a type key, optionally nested by parentId. */
export const dataDicts = pgTable(
  'sys_data_dict',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    typeKey: text('type_key').notNull(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_data_dict_key_idx').on(t.tenantId, t.typeKey, t.key),
  ],
);

/** A tag (sysTag) of a kind (typeKey), with a colour; names are unique within a kind, ignoring case. */
export const sysTags = pgTable(
  'sys_tag',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    typeKey: text('type_key').notNull(),
    name: text('name').notNull(),
    color: text('color'),
    sn: integer('sn').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_tag_name_idx').on(t.tenantId, t.typeKey, sql`lower(${t.name})`),
  ],
);

/**
 * A serial number (identity, 流水号) by alias: `regulation` with {yyyy}{MM}{dd}{NO}; the counter restarts
 * at `initValue` when the period of `genType` (day, month, year; none never) changes. One UPDATE takes
 * the next number, so concurrent callers queue on the row and each gets its own, with no gap.
 */
export const identities = pgTable(
  'sys_identity',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    regulation: text('regulation').notNull(),
    /** none, day, month, year */
    genType: text('gen_type').notNull().default('none'),
    noLength: integer('no_length').notNull().default(4),
    initValue: integer('init_value').notNull().default(1),
    step: integer('step').notNull().default(1),
    /** the last number given out in `curPeriod`; null before the first */
    curValue: integer('cur_value'),
    /** the period of the last number: yyyyMMdd, yyyyMM, yyyy, or '' for none */
    curPeriod: text('cur_period'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_identity_alias_idx').on(t.tenantId, t.alias),
  ],
);

/** How often a user opened each menu entry (system/often): their often-used menus. */
export const oftenMenus = pgTable(
  'sys_often_menu',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    alias: text('alias').notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.alias] })],
);
