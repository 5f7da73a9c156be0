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
/** A form as a definition version keeps it. */
export interface DefinitionForm {
  name: string;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

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
    /**
     * The forms of this version by form key, as they were when it was deployed: a running instance keeps
     * the form it started with when a later version brings a changed one (bpm_form holds the latest).
     */
    forms: jsonb('forms').$type<Record<string, DefinitionForm>>().notNull().default({}),
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
    /** the post the initiator started in (their current post): "the initiator's leader" is looked for from its org */
    initiatorPostId: text('initiator_post_id'),
    /** the business data (form), validated per node permissions */
    data: jsonb('data').notNull(),
    /** instance variables: service-task results and values the engine sets (CEL `vars`) */
    vars: jsonb('vars').notNull().default({}),
    /** the record a request was started from (data templates): its id, of business object boAlias */
    businessKey: text('business_key'),
    boAlias: text('bo_alias'),
    /** copied from the definition: lists filter by flow type without a join */
    flowType: text('flow_type'),
    /** a suspended instance keeps its place; none of its tasks can be handled until it is resumed */
    suspended: boolean('suspended').notNull().default(false),
    /** a call activity's child: the parent instance, the call-activity node and the token waiting there */
    parentInstanceId: text('parent_instance_id'),
    parentNodeId: text('parent_node_id'),
    parentTokenId: text('parent_token_id'),
    /** the top of a tree of call-activity children; null for a top-level instance (its own root) */
    rootInstanceId: text('root_instance_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp('end_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_instance_initiator_idx').on(t.tenantId, t.initiatorId, t.createdAt),
    index('bpm_instance_parent_idx')
      .on(t.tenantId, t.parentInstanceId, t.parentNodeId)
      .where(sql`${t.parentInstanceId} is not null`),
    index('bpm_instance_record_idx')
      .on(t.tenantId, t.boAlias, t.businessKey, t.createdAt)
      .where(sql`${t.businessKey} is not null`),
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
    /**
     * active: at a user task; joining: arrived at a join, waiting for the other branches; waiting: at a
     * call activity (for its child instance) or a service task (for its call)
     */
    state: text('state').notNull(),
    /** after a reject with direct return: resubmitting goes straight back to this node */
    returnToNodeId: text('return_to_node_id'),
    /** a sequential countersign: the voters still to come, in order (user ids) */
    sequence: jsonb('sequence'),
    /** the task whose handling created the token (what a take-back undoes); null for a start or a job */
    originTaskId: text('origin_task_id'),
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
    /** pending; waiting (an add-sign before it is still open); done; cancelled */
    status: text('status').notNull(),
    /** NORMAL, DELIVERTO (handed over), TRANSFORMING (asked to give an opinion), COMMU, INQU, ADDSIGN */
    type: text('type').notNull().default('NORMAL'),
    /** the task that asked for this one (communicate, inquire, transfer opinion, add-sign) */
    parentTaskId: text('parent_task_id'),
    /** who the task belonged to before it was handed over (delegate) */
    ownerId: text('owner_id'),
    /** countersign: the voter this task belongs to; null when any candidate may take it */
    assigneeId: text('assignee_id'),
    /** a candidate who locked the task: nobody else can handle it until it is unlocked or the lock ends */
    lockedBy: text('locked_by'),
    /** when the lock ends by itself (TASK_LOCK_MINUTES after it was taken) */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** the handler has opened it */
    isRead: boolean('is_read').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** the urgency the initiator raised it to (sendBpmTaskUrgent) */
    urgentStateValue: text('urgent_state_value'),
    /** saved with saveDraft: the form data and opinion the handler has not submitted yet */
    draftData: jsonb('draft_data'),
    draftOpinion: text('draft_opinion'),
    /** the tasks of one countersign round share it */
    signBatch: text('sign_batch'),
    subject: text('subject').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    flowType: text('flow_type'),
    initiatorId: text('initiator_id').notNull(),
    initiatorName: text('initiator_name').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: text('completed_by'),
    completedByName: text('completed_by_name'),
    /** agree, oppose, reject, backToStart, submit, resubmit, ... */
    action: text('action'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_task_instance_idx').on(t.tenantId, t.instanceId),
    index('bpm_task_done_idx')
      .on(t.tenantId, t.completedBy, t.completedAt)
      .where(sql`${t.status} = 'done'`),
    index('bpm_task_owner_idx')
      .on(t.tenantId, t.ownerId, t.createdAt)
      .where(sql`${t.ownerId} is not null`),
    index('bpm_task_parent_idx')
      .on(t.tenantId, t.parentTaskId)
      .where(sql`${t.parentTaskId} is not null`),
    /** the todo list's subject search, open tasks only (eip_bigrams: the lower-case character pairs, 0021) */
    index('bpm_task_subject_bigram_idx')
      .using('gin', sql`eip_bigrams(${t.subject})`)
      .where(sql`${t.status} in ('pending', 'waiting')`),
    index('bpm_task_locked_idx')
      .on(t.tenantId, t.lockedBy)
      .where(sql`${t.lockedBy} is not null`),
  ],
);

/** Who may handle a pending task, expanded to users when the task is created (the todo index). */
export const flowTaskCandidates = pgTable(
  'bpm_task_candidate',
  {
    tenantId: text('tenant_id').notNull(),
    taskId: text('task_id').notNull(),
    userId: text('user_id').notNull(),
    /** an agent's row: the user whose task this is and for whom the agent acts */
    principalId: text('principal_id'),
    /** ordering key for the todo list: the task's creation time */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** the task's subject, written with the row (a task's subject never changes): the todo search's key (0032) */
    subject: text('subject').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.userId] }),
    index('bpm_task_candidate_todo_idx').on(t.tenantId, t.userId, t.createdAt, t.taskId),
    /** a user's todo search by subject: the subject's lower-case character pairs and the user's key (0032) */
    index('bpm_task_candidate_subject_idx').using('gin', sql`eip_todo_keys(${t.userId}, ${t.subject})`),
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
    /** attachments: [{name, response: {fileId, fileName}}] */
    files: jsonb('files').notNull().default([]),
    /** the task's type (NORMAL, COMMU, ...), so the table can say what kind of answer it was */
    taskType: text('task_type'),
    /** the person the auditor acted for (an agent's principal, a secretary's leader) */
    principalId: text('principal_id'),
    principalName: text('principal_name'),
    /** awaiting_check rows: whether the candidate has opened the task (待阅 / 已阅) */
    isRead: boolean('is_read').notNull().default(false),
    /** a resubmission's changed fields, [{field, before, after}]: what the next approvers are shown */
    changes: jsonb('changes'),
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
    /** task, urgent, notice (circulation), follow, service (a failed service task), message (a user's) */
    type: text('type').notNull().default('task'),
    isRead: boolean('is_read').notNull().default(false),
    /** the user who wrote it (type message); null when the engine did */
    senderId: text('sender_id'),
    /** the attachments ({name, response: {fileId, fileName}}), linked to the row in sys_file_link */
    files: jsonb('files')
      .$type<{ name: string; response: { fileId: string; fileName: string } }[]>()
      .notNull()
      .default([]),
    /** the message (received by the sender) this one answers */
    replyToId: text('reply_to_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('inner_message_unread_idx').on(t.tenantId, t.receiverId, t.isRead),
  ],
);

/** Forms of the approval centre: a JSON Schema and its UI schema, by key (the settings' formKey). */
export const flowForms = pgTable(
  'bpm_form',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    formKey: text('form_key').notNull(),
    name: text('name').notNull(),
    schema: jsonb('schema').notNull(),
    uiSchema: jsonb('ui_schema').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_form_key_idx').on(t.tenantId, t.formKey),
  ],
);

/** Circulation (传阅): a copy of an instance sent to a reader; unread is 待阅, read is 已阅. */
export const flowNotices = pgTable(
  'bpm_notice',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    /** the task it was sent from, when it was sent while handling one */
    taskId: text('task_id'),
    nodeId: text('node_id'),
    subject: text('subject').notNull(),
    defKey: text('def_key').notNull(),
    defName: text('def_name').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    receiverId: text('receiver_id').notNull(),
    receiverName: text('receiver_name').notNull(),
    /** the sender's note */
    opinion: text('opinion'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_notice_receiver_idx').on(t.tenantId, t.receiverId, t.isRead, t.createdAt),
    index('bpm_notice_sender_idx').on(t.tenantId, t.senderId, t.createdAt),
    index('bpm_notice_instance_idx').on(t.tenantId, t.instanceId),
  ],
);

/** Urgings (催办) of an instance: who urged, how urgent, with what note, and whom it reached. */
export const flowUrgents = pgTable(
  'bpm_urgent',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    urgentStateValue: text('urgent_state_value').notNull(),
    opinion: text('opinion'),
    /** [{id, name}] of the people whose tasks were urged */
    receivers: jsonb('receivers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_urgent_instance_idx').on(t.tenantId, t.instanceId, t.createdAt),
  ],
);

/** A service task's call: -1 waiting, 0 failed, 1 succeeded (spec §4), with its attempts. */
export const flowServiceCalls = pgTable(
  'bpm_service_call',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    tokenId: text('token_id').notNull(),
    nodeId: text('node_id').notNull(),
    status: integer('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_service_call_instance_idx').on(t.tenantId, t.instanceId),
  ],
);

/** A user following nodes of an instance: a message reaches them when one of those nodes is handled. */
export const flowTaskFollows = pgTable(
  'bpm_task_follow',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    instanceId: text('instance_id').notNull(),
    /** node ids; empty: every node */
    nodeIds: jsonb('node_ids').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_task_follow_user_idx').on(t.tenantId, t.instanceId, t.userId),
  ],
);

/** Who printed an instance and when (the print log). */
export const flowPrintRecords = pgTable(
  'bpm_print_record',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('bpm_print_record_instance_idx').on(t.tenantId, t.instanceId, t.createdAt),
  ],
);

/** Who opened a task of an instance, and when (addReadRecord): the read records of getByRecordInstId. */
export const flowReadRecords = pgTable(
  'bpm_read_record',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    instanceId: text('instance_id').notNull(),
    taskId: text('task_id').notNull(),
    nodeId: text('node_id').notNull(),
    taskName: text('task_name').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bpm_read_record_task_user_idx').on(t.tenantId, t.taskId, t.userId),
    index('bpm_read_record_instance_idx').on(t.tenantId, t.instanceId, t.readAt),
  ],
);
