import type { CustomChart, CustomDialog, CustomQueryDefinition } from '@eip/contracts';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Custom queries, charts and dialogs (spec §7): definitions an administrator keeps, per tenant. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A custom query (customQuery, sqlAlias of its query views): fields of one business object, no SQL text. */
export const customQueries = pgTable(
  'form_custom_query',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    def: jsonb('def').$type<CustomQueryDefinition>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_custom_query_alias_idx').on(t.tenantId, t.alias),
  ],
);

export type CustomChartDefinition = Omit<CustomChart, 'id' | 'alias' | 'name'>;

/** A chart over a custom query (customChart). */
export const customCharts = pgTable(
  'form_custom_chart',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    def: jsonb('def').$type<CustomChartDefinition>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_custom_chart_alias_idx').on(t.tenantId, t.alias),
  ],
);

export type CustomDialogDefinition = Omit<CustomDialog, 'id' | 'alias' | 'name'>;

/** A picker over a query view or a tree (customDialog). */
export const customDialogs = pgTable(
  'form_custom_dialog',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    def: jsonb('def').$type<CustomDialogDefinition>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_custom_dialog_alias_idx').on(t.tenantId, t.alias),
  ],
);
