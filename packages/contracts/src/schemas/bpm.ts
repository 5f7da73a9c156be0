import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PageList, QueryFilter } from '../common.js';
import { FIELD_PERMISSIONS } from '../flow/enums.js';
import type { RouteSchemas } from './route-schemas.js';

/** Shapes shared by the workflow routes, and the schemas of the definition routes. */

export const Id = Type.String({ minLength: 1, maxLength: 64 });
/** An instance, read by one who takes part or, with `leaderId`, by a secretary for that leader (spec §6). */
export const InstAsLeader = Type.Object({ instId: Id, leaderId: Type.Optional(Id) });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const FormData = Type.Record(Type.String({ maxLength: 128 }), Type.Unknown(), {
  description: 'business data',
});
export const Opinion = Type.String({ maxLength: 4000 });
/** A comma-separated id list in a query. */
export const IdList = Type.String({ minLength: 1, maxLength: 10000, pattern: '^[^,]+(,[^,]+)*$' });
export const TrueFalse = Type.Union([Type.Literal('true'), Type.Literal('false')]);
/** A small positive count in a query (card sizes, delays). */
export const QueryCount = Type.String({ pattern: '^[1-9][0-9]{0,3}$' });
export const UserIds = Type.Array(Id, { minItems: 1, maxItems: 200 });

export const FlowDefinition = Type.Object({
  id: Type.String(),
  defKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  flowType: Nullable(Type.String()),
  createTime: Type.String(),
});

/** A task as the lists show it (reference "Todo rows"). */
export const TaskRow = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  nodeId: Type.String(),
  procInstId: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  flowType: Nullable(Type.String()),
  type: Type.String({ description: 'NORMAL, AGENT, DELIVERTO, TRANSFORMING, COMMU, INQU, ADDSIGN' }),
  creatorId: Type.String(),
  creator: Type.String(),
  ownerId: Nullable(Type.String()),
  assigneeId: Nullable(Type.String()),
  principalId: Nullable(Type.String({ description: 'an agent’s row: for whom the agent acts' })),
  status: Type.String({ description: 'pending, waiting, done, cancelled' }),
  instStatus: Type.String(),
  suspended: Type.Boolean(),
  isRead: Type.Boolean(),
  lockedBy: Nullable(Type.String()),
  urgentStateValue: Nullable(Type.String()),
  dueTime: Nullable(Type.String()),
  dueStatus: Nullable(Type.String({ description: 'due or overdue' })),
  createTime: Type.String(),
  completeTime: Nullable(Type.String()),
  action: Nullable(Type.String()),
  leaderId: Type.Optional(Type.String({ description: 'leader lists: whose task it is' })),
  canRetrieve: Type.Optional(Type.Boolean()),
  assigneeName: Type.Optional(Nullable(Type.String())),
});

export const InstanceSummary = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  flowType: Nullable(Type.String()),
  status: Type.String({
    description: 'draft, running, end, manualend, backToStart, back, revoke, revokeToStart',
  }),
  suspended: Type.Boolean(),
  creatorId: Type.String(),
  creator: Type.String(),
  createTime: Type.String(),
  updateTime: Type.String(),
  endTime: Nullable(Type.String()),
  handleTime: Type.Optional(Nullable(Type.String())),
});

/**
 * A row of the todo list (getTodoList) as its page shows it: subject, flow, initiator, node, status, arrival,
 * and the ids its link needs. A list answer carries no field its page does not show (issue 15).
 */
export const TodoRow = Type.Pick(TaskRow, [
  'taskId',
  'procInstId',
  'subject',
  'procDefName',
  'creator',
  'name',
  'instStatus',
  'createTime',
]);

/** A row of the done and request lists as their pages show them (issue 15). */
export const InstanceListRow = Type.Pick(InstanceSummary, [
  'id',
  'subject',
  'procDefName',
  'creator',
  'status',
  'createTime',
  'endTime',
  'handleTime',
]);

export const OpinionFile = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  response: Type.Object({
    fileId: Type.String({ minLength: 1, maxLength: 64 }),
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
  }),
});
export type OpinionFile = Static<typeof OpinionFile>;
export const OpinionFiles = Type.Array(OpinionFile, { maxItems: 20 });

export const Qualfied = Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() });

/** An opinion row (spec §3 "Opinion"). */
export const OpinionRow = Type.Object({
  id: Type.String(),
  taskId: Nullable(Type.String()),
  nodeId: Type.String(),
  name: Type.String(),
  taskName: Type.String(),
  type: Nullable(Type.String()),
  status: Type.String(),
  statusVal: Type.String({
    description: 'the status in the caller’s language (awaiting_check: 待阅 or 已阅)',
  }),
  auditor: Nullable(Type.String()),
  auditorName: Nullable(Type.String()),
  principalId: Nullable(Type.String()),
  principalName: Nullable(Type.String()),
  qualfieds: Type.Array(Qualfied),
  qualfiedNames: Type.String(),
  opinion: Nullable(Type.String()),
  files: OpinionFiles,
  isRead: Type.Boolean(),
  createTime: Type.String(),
  completeTime: Nullable(Type.String()),
  durMs: Nullable(Type.Integer()),
  sorterOpinion: Type.Integer(),
});

export const FlowForm = Type.Object({
  formKey: Type.String(),
  name: Type.String(),
  schema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of the business data' }),
  uiSchema: Type.Record(Type.String(), Type.Unknown()),
});

export const Permissions = Type.Record(
  Type.String(),
  Type.Union(FIELD_PERMISSIONS.map((p) => Type.Literal(p))),
  { description: 'field → b required, w write, r read-only, n not sent' },
);

export const Button = Type.Object({ alias: Type.String(), name: Type.String() });
export const NodeRef = Type.Object({ nodeId: Type.String(), name: Type.String(), nodeType: Type.String() });
export const InstanceRef = Type.Object({ instId: Type.String() });

const FormInput = Type.Object({
  formKey: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  schema: Type.Record(Type.String(), Type.Unknown(), { description: 'a JSON Schema of an object' }),
  uiSchema: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** Schemas of the definition routes, the secretary flag and the badge. */
export const bpmSchemas = {
  deployDefinition: {
    summary:
      'Deploy a BPMN 2.0 definition with its node settings and forms as the new main version (administrators)',
    body: Type.Object({
      bpmnXml: Type.String({ minLength: 1, maxLength: 2_000_000 }),
      settings: Type.Unknown({ description: 'the node-settings document (validated by the deploy check)' }),
      forms: Type.Optional(Type.Array(FormInput, { maxItems: 50 })),
    }),
    value: FlowDefinition,
  },
  listDefinitions: {
    summary: 'The main version of every flow definition of the tenant',
    body: QueryFilter,
    value: PageList(FlowDefinition),
  },
  getSecretaryByUserId: {
    summary: 'The leaders the caller is secretary of; isLeader when there are none (spec §6)',
    value: Type.Object({
      isLeader: Type.Boolean({ description: 'true when the caller is nobody’s secretary' }),
      leaders: Type.Array(Type.Object({ userId: Type.String(), fullname: Type.String() })),
    }),
  },
} as const satisfies Record<string, RouteSchemas>;
