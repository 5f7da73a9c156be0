import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A distribution (分发) of a request: who sent it, when, with what note, to which orgs and people. */
export const flowDishOuts = pgTable(
  'bpm_dish_out',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    /** the task the sender handled when they distributed it, if any */
    taskId: text('task_id'),
    subject: text('subject').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    opinion: text('opinion'),
    /** what the sender chose ({type: org | user, id, name}); the receivers are resolved from it when sent */
    targets: jsonb('targets')
      .$type<{ type: 'org' | 'user'; id: string; name: string; subOrgs?: boolean }[]>()
      .notNull(),
    /** when the sender last reminded those who had not signed for it (催办) */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_dish_out_sender_idx').on(t.tenantId, t.senderId, t.createdAt),
    index('bpm_dish_out_instance_idx').on(t.tenantId, t.instanceId),
  ],
);

/** One receiver of a distribution: when they signed for it (签收) and when they first read it. */
export const flowDishReceivers = pgTable(
  'bpm_dish_receiver',
  {
    tenantId: text('tenant_id').notNull(),
    dishId: text('dish_id').notNull(),
    receiverId: text('receiver_id').notNull(),
    receiverName: text('receiver_name').notNull(),
    /**
     * the chosen org they received it through (the first one they belong to), and below it the sub-orgs
     * down to their own ("行政中心/人力资源部"); null when chosen by name
     */
    orgName: text('org_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.dishId, t.receiverId] }),
    index('bpm_dish_receiver_user_idx').on(t.tenantId, t.receiverId, t.createdAt),
  ],
);

/** A request filed into the document library (文档库): its data as it was when filed. */
export const flowDocuments = pgTable(
  'bpm_document',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    subject: text('subject').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    data: jsonb('data').notNull(),
    filedById: text('filed_by_id').notNull(),
    filedByName: text('filed_by_name').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_document_instance_idx').on(t.tenantId, t.instanceId),
    index('bpm_document_filed_idx').on(t.tenantId, t.filedAt),
  ],
);
