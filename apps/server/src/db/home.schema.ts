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

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * The portal home's columns (sysIndexColumn): what a block shows (kind), where its data comes from (a
 * named provider, or one of the portal's own calls with its parameters and headers) and who may see it.
 */
export const homeColumns = pgTable(
  'sys_index_column',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** provider, call */
    dataMode: text('data_mode').notNull(),
    dataFrom: text('data_from').notNull(),
    /** GET, POST */
    requestType: text('request_type').notNull().default('GET'),
    /** [{name, value}] */
    dataParam: jsonb('data_param').notNull().default([]),
    requestHeader: text('request_header'),
    templateHtml: text('template_html'),
    moreUrl: text('more_url'),
    colHeight: integer('col_height').notNull().default(5),
    refreshSeconds: integer('refresh_seconds'),
    /** all, secretaries, part */
    audience: text('audience').notNull().default('all'),
    /** {roleIds, orgIds, postIds} of an audience of part */
    audienceIds: jsonb('audience_ids').notNull().default({}),
    sn: integer('sn').notNull().default(0),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_index_column_alias_idx').on(t.tenantId, t.alias),
  ],
);

/**
 * Layouts (sysIndexLayoutManage): columns placed on the home grid. One default layout a tenant; a role's or
 * a post's layout overrides it for their holders; an app's is the content of an app of the switcher.
 */
export const homeLayouts = pgTable(
  'sys_index_layout',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    memo: text('memo'),
    /** default, role, post, app */
    scope: text('scope').notNull(),
    scopeId: text('scope_id'),
    /** [{alias, x, y, w, h}] */
    items: jsonb('items').notNull().default([]),
    sn: integer('sn').notNull().default(0),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_index_layout_alias_idx').on(t.tenantId, t.alias),
    uniqueIndex('sys_index_layout_scope_idx').on(t.tenantId, t.scope, sql`coalesce(${t.scopeId}, '')`),
  ],
);

/** A user's own arrangement of a layout (portalUserLayoutConfig): where each column is, which are hidden. */
export const userLayouts = pgTable(
  'sys_index_user_layout',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    layoutId: text('layout_id').notNull(),
    /** [{alias, x, y, w, h}] */
    items: jsonb('items').notNull(),
    /** [alias] */
    hidden: jsonb('hidden').notNull().default([]),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.layoutId] }),
    index('sys_index_user_layout_layout_idx').on(t.tenantId, t.layoutId),
  ],
);

/** The apps of the 'other portals' switcher (sysApp): the home, a layout of its own, or another system. */
export const sysApps = pgTable(
  'sys_app',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    icon: text('icon'),
    /** home, layout, url */
    kind: text('kind').notNull(),
    layoutAlias: text('layout_alias'),
    url: text('url'),
    /** all, part (the roles of audience_ids) */
    audience: text('audience').notNull().default('all'),
    audienceIds: jsonb('audience_ids').notNull().default({}),
    sn: integer('sn').notNull().default(0),
    createdAt: at('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_app_alias_idx').on(t.tenantId, t.alias),
  ],
);
