import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * Workflow runtime state as rows (ARCHITECTURE §5): definitions, instances, tokens, tasks with their
 * expanded candidates, opinions, and inner messages. Lists read these denormalised, indexed rows and
 * never scan form data.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const flowDefinitions = pgTable(
  'bpm_definition',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    defKey: text('def_key').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    /** the version new instances start with (the IS_MAIN_=Y filter) */
    isMain: boolean('is_main').notNull(),
    flowType: text('flow_type'),
    bpmnXml: text('bpmn_xml').notNull(),
    settings: jsonb('settings').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_definition_version_idx').on(t.tenantId, t.defKey, t.version),
  ],
);

export const flowInstances = pgTable(
  'bpm_instance',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    defId: text('def_id').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    subject: text('subject').notNull(),
    /** draft, running, end, manualend, backToStart, back, revoke, revokeToStart */
    status: text('status').notNull(),
    initiatorId: text('initiator_id').notNull(),
    initiatorName: text('initiator_name').notNull(),
    /** the business data (form), validated per node permissions */
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    endAt: timestamp('end_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_instance_initiator_idx').on(t.tenantId, t.initiatorId, t.createdAt),
  ],
);

/** Where an instance is: one row per token waiting at a user task or at a join. */
export const flowTokens = pgTable(
  'bpm_token',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    nodeId: text('node_id').notNull(),
    /** active: at a user task; joining: arrived at a join, waiting for the other branches */
    state: text('state').notNull(),
    /** after a reject with direct return: resubmitting goes straight back to this node */
    returnToNodeId: text('return_to_node_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_token_instance_idx').on(t.tenantId, t.instanceId),
  ],
);

export const flowTasks = pgTable(
  'bpm_task',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    tokenId: text('token_id').notNull(),
    nodeId: text('node_id').notNull(),
    name: text('name').notNull(),
    nodeType: text('node_type').notNull(),
    /** pending, done, cancelled */
    status: text('status').notNull(),
    /** countersign: the voter this task belongs to; null when any candidate may take it */
    assigneeId: text('assignee_id'),
    /** the tasks of one countersign round share it */
    signBatch: text('sign_batch'),
    subject: text('subject').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    initiatorId: text('initiator_id').notNull(),
    initiatorName: text('initiator_name').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: text('completed_by'),
    /** agree, oppose, reject, backToStart, submit, resubmit, ... */
    action: text('action'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_task_instance_idx').on(t.tenantId, t.instanceId),
    index('bpm_task_done_idx')
      .on(t.tenantId, t.completedBy, t.completedAt)
      .where(sql`${t.status} = 'done'`),
  ],
);

/** Who may handle a pending task, expanded to users when the task is created (the todo index). */
export const flowTaskCandidates = pgTable(
  'bpm_task_candidate',
  {
    tenantId: text('tenant_id').notNull(),
    taskId: text('task_id').notNull(),
    userId: text('user_id').notNull(),
    /** ordering key for the todo list: the task's creation time */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.userId] }),
    index('bpm_task_candidate_todo_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

export const flowOpinions = pgTable(
  'bpm_opinion',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    taskId: text('task_id'),
    nodeId: text('node_id').notNull(),
    taskName: text('task_name').notNull(),
    /** awaiting_check (pending), submit, resubmit, agree, oppose, reject, backToStart, sign_pass, ... */
    status: text('status').notNull(),
    auditorId: text('auditor_id'),
    auditorName: text('auditor_name'),
    /** the candidates when the task was created: [{id, name, type}] */
    qualfieds: jsonb('qualfieds').notNull(),
    opinion: text('opinion'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    durMs: bigint('dur_ms', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_opinion_instance_idx').on(t.tenantId, t.instanceId),
    index('bpm_opinion_task_idx').on(t.tenantId, t.taskId),
  ],
);

/** Inner messages (spec §1 "inner messages, with an unread badge"): task arrival and the like. */
export const innerMessages = pgTable(
  'inner_message',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    receiverId: text('receiver_id').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    /** the address the message links to in the portal */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('inner_message_unread_idx').on(t.tenantId, t.receiverId, t.isRead),
  ],
);
