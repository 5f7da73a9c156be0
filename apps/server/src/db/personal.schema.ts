import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A user's own approval settings and shortcuts: agents, phrases, collections, common and often flows. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An agent (代理): while the period lasts, the agent receives and may handle the principal's tasks. */
export const flowAgents = pgTable(
  'bpm_agent',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    principalId: text('principal_id').notNull(),
    agentId: text('agent_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** all: every flow; flows: only the definition keys in flowKeys */
    scope: text('scope').notNull(),
    flowKeys: jsonb('flow_keys').notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    memo: text('memo'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_agent_principal_idx').on(t.tenantId, t.principalId),
    index('bpm_agent_agent_idx').on(t.tenantId, t.agentId),
  ],
);

/** A common approval phrase (常用语): the user's own, or the tenant's (userId null), optionally per flow. */
export const approvalItems = pgTable(
  'bpm_approval_item',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id'),
    defKey: text('def_key'),
    typeId: text('type_id'),
    expression: text('expression').notNull(),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_approval_item_user_idx').on(t.tenantId, t.userId, t.sn),
  ],
);

/** Collections (收藏): instances (targetType instance) and flows (targetType flow) a user keeps at hand. */
export const flowCollections = pgTable(
  'bpm_collect',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.targetType, t.targetId] }),
    index('bpm_collect_list_idx').on(t.tenantId, t.userId, t.targetType, t.createdAt),
  ],
);

/** The flows a user chose as common (常用流程), in their order. */
export const commonFlows = pgTable(
  'bpm_common_flow',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    defKey: text('def_key').notNull(),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.defKey] })],
);

/** How often a user starts each flow (often flows, 最近常用), counted at each start. */
export const oftenFlows = pgTable(
  'bpm_often_flow',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    defKey: text('def_key').notNull(),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.defKey] })],
);
