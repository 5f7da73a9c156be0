import { Type } from '@sinclair/typebox';
import { PageList, QueryFilter } from '../common.js';
import { NODE_DISPLAY_STATES, URGENT_LEVELS } from '../flow/enums.js';
import {
  Button,
  FlowForm,
  FormData,
  Id,
  IdList,
  InstanceListRow,
  InstanceRef,
  InstanceSummary,
  InstAsLeader,
  NodeRef,
  Nullable,
  Opinion,
  OpinionFiles,
  OpinionRow,
  Permissions,
  TaskRow,
  TrueFalse,
  UserIds,
} from './bpm.js';
import { StartableFlow } from './bpm-personal.js';
import type { RouteSchemas } from './route-schemas.js';

const InstQuery = Type.Object({ instId: Id });
/** Who opened a task of an instance, or read a circulated copy of it, and when (阅读记录). */
const ReadRecord = Type.Object({
  procInstId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  nodeId: Nullable(Type.String()),
  taskName: Nullable(Type.String()),
  kind: Type.Union([Type.Literal('task'), Type.Literal('notice')]),
  readTime: Type.String(),
});
/** A service task's latest call as the flow chart's node popover shows it. */
const ServiceCallView = Type.Object({
  status: Type.Integer({ description: 'service task: -1 waiting, 0 failed, 1 succeeded' }),
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Nullable(
    Type.String({ description: 'what the last failed attempt answered; only for administrators' }),
  ),
  updateTime: Type.String(),
  canRetry: Type.Boolean({ description: 'failed, and the caller is the initiator or an administrator' }),
});
const StartTarget = {
  defId: Type.Optional(Id),
  flowKey: Type.Optional(Id),
  draftId: Type.Optional(Id),
};
/**
 * A request started from a data-template record: businessKey is the record's id, accepted only with the
 * template and business object through which the caller may read it (and start the flow from it).
 */
const RecordRef = {
  businessKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  boAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  templateAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};
const RecordQuery = Type.Object({
  businessKey: Type.String({ minLength: 1, maxLength: 128 }),
  boAlias: Type.String({ minLength: 1, maxLength: 64 }),
  templateAlias: Type.String({ minLength: 1, maxLength: 64 }),
});
const StartFormValue = Type.Object({
  defId: Type.String(),
  defKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  draftId: Nullable(Type.String()),
  subject: Nullable(Type.String()),
  form: Nullable(FlowForm),
  permissions: Permissions,
  data: FormData,
  buttons: Type.Array(Button),
});
/** Spec §6 (userId + defId + leadId): a secretary starts a request for a leader of theirs. */
const LeadId = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      'a leader of the caller (their secretary): the request is started for them, with their start rights',
  }),
);
const NodeUsers = Type.Record(Type.String({ minLength: 1, maxLength: 255 }), UserIds);

export const FlowImage = Type.Object({
  defId: Type.String(),
  instanceId: Nullable(Type.String()),
  parentInstId: Nullable(Type.String()),
  bpmDefLayout: Type.Object({
    defId: Type.String(),
    name: Type.String(),
    width: Type.Number(),
    height: Type.Number(),
    listLayout: Type.Array(
      Type.Object({
        nodeId: Type.String(),
        name: Type.String(),
        nodeType: Type.String(),
        x: Type.Number(),
        y: Type.Number(),
        width: Type.Number(),
        height: Type.Number(),
      }),
    ),
  }),
  nodeColorMap: Type.Record(Type.String(), Type.String()),
  nodeStatusMap: Type.Record(Type.String(), Type.Union(NODE_DISPLAY_STATES.map((s) => Type.Literal(s)))),
  statusColorMap: Type.Record(Type.String(), Type.String()),
  bpmnXml: Type.String(),
});

const NodeOpinions = Type.Object({
  hasOpinion: Type.Boolean(),
  data: Type.Array(OpinionRow),
  groupNode: Type.Boolean(),
  serviceStatus: Nullable(Type.Integer({ description: 'service task: -1 waiting, 0 failed, 1 succeeded' })),
});

const Urging = Type.Object({
  id: Type.String(),
  instId: Type.String(),
  senderId: Type.String(),
  senderName: Type.String(),
  urgentStateValue: Type.String(),
  urgentStateName: Type.String(),
  opinion: Nullable(Type.String()),
  receivers: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  createTime: Type.String(),
});

/** Schemas of the instance routes. */
export const bpmInstanceSchemas = {
  startInstance: {
    summary: 'Start an instance (by defId, flowKey or draftId) with the form data',
    body: Type.Object({
      ...StartTarget,
      subject: Type.Optional(Type.String({ maxLength: 500 })),
      data: Type.Optional(FormData),
      ...RecordRef,
      nodeUsers: Type.Optional(NodeUsers),
      leadId: LeadId,
    }),
    value: Type.Object({ instId: Type.String(), subject: Type.String() }),
  },
  saveStartDraft: {
    summary: 'Save a start form as a draft',
    body: Type.Object({
      ...StartTarget,
      subject: Type.Optional(Type.String({ maxLength: 500 })),
      data: Type.Optional(FormData),
      ...RecordRef,
    }),
    value: Type.Object({ instId: Type.String(), subject: Type.String() }),
  },
  removeDraftById: {
    summary: 'Delete one of the caller’s drafts',
    query: Type.Object({ id: Id }),
    value: Type.Null(),
  },
  doEndProcess: {
    summary:
      'Terminate an instance (人工终止): the initiator, an administrator, or a handler whose node offers it',
    body: Type.Object({ instId: Id, taskId: Type.Optional(Id), opinion: Type.Optional(Opinion) }),
    value: InstanceRef,
  },
  retryServiceCall: {
    summary:
      'Run a failed service task (status 0) again: the initiator or an administrator; the call waits (-1) again with the node’s retries',
    body: Type.Object({ instId: Id, nodeId: Type.String({ minLength: 1, maxLength: 255 }) }),
    value: InstanceRef,
  },
  doNextcommu: {
    summary: 'Answer a communication (沟通反馈)',
    body: Type.Object({ taskId: Id, opinion: Type.Optional(Opinion), files: Type.Optional(OpinionFiles) }),
    value: InstanceRef,
  },
  revokeInstance: {
    summary: 'The initiator withdraws a request nobody has acted on yet; it comes back to them',
    body: Type.Object({ instId: Id, opinion: Type.Optional(Opinion) }),
    value: InstanceRef,
  },
  sendBpmTaskUrgent: {
    summary: 'Urge the open tasks of an instance (催办)',
    body: Type.Object({
      instId: Id,
      urgentStateValue: Type.Union(URGENT_LEVELS.map((l) => Type.Literal(l.value))),
      opinion: Type.Optional(Opinion),
    }),
    value: Type.Object({ id: Type.String(), receivers: Type.Integer() }),
  },
  transToMore: {
    summary: 'Circulate an instance to readers (传阅)',
    body: Type.Object({
      instId: Id,
      taskId: Type.Optional(Id),
      userIds: UserIds,
      opinion: Type.Optional(Opinion),
    }),
    value: Type.Object({ count: Type.Integer() }),
  },
  hangUpInstance: {
    summary: 'Suspend an instance (挂起): nobody can handle its tasks until it is resumed',
    query: InstQuery,
    value: Type.Object({ instId: Type.String(), suspended: Type.Boolean() }),
  },
  cancelHangUpInstance: {
    summary: 'Resume a suspended instance',
    query: InstQuery,
    value: Type.Object({ instId: Type.String(), suspended: Type.Boolean() }),
  },
  getFormAndBO: {
    summary: 'The start form of a flow or draft: form, start-node permissions, buttons',
    body: Type.Object({ ...StartTarget, leadId: LeadId }),
    value: StartFormValue,
  },
  startForm: {
    summary:
      'The start form of flow defKey (as getFormAndBO) prefilled from record businessKey of business object boAlias, ' +
      'read through template templateAlias (its detail button, and its startFlow button when it has one): each ' +
      'top-level value of the record (a main field, or a sub-table’s rows by its alias) goes to the flow form’s ' +
      'top-level field of the same name, fields the start node hides (n) left out; start it (instance/v1/start) ' +
      'with the same businessKey, boAlias and templateAlias',
    query: Type.Composite([RecordQuery, Type.Object({ defKey: Id })]),
    value: StartFormValue,
  },
  getRecordRequests: {
    summary:
      'The requests started from a record (businessKey of business object boAlias), read through template ' +
      'templateAlias, latest first, at most 200: those the caller may see (takes part in, or administers)',
    query: RecordQuery,
    value: Type.Array(InstanceSummary),
  },
  getInstFormAndBO: {
    summary: 'The read-only form of an instance for those who take part in it',
    query: InstAsLeader,
    value: Type.Object({
      instance: InstanceSummary,
      form: Nullable(FlowForm),
      permissions: Permissions,
      data: FormData,
    }),
  },
  getInstanceByInstId: {
    summary: 'An instance with its visible form data (for those who take part in it)',
    query: InstQuery,
    value: Type.Composite([InstanceSummary, Type.Object({ defId: Type.String(), data: FormData })]),
  },
  getDoneInstList: {
    summary: 'The instances the caller handled a task of (status=1: finished ones)',
    query: Type.Object({ status: Type.Optional(Type.Literal('1')) }),
    body: QueryFilter,
    value: PageList(InstanceListRow),
  },
  getDoneInstCount: {
    summary: 'How many instances the caller handled a task of',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getDoneList: {
    summary: 'The tasks the caller handled (isCheckRevoke: whether each can be taken back)',
    query: Type.Object({ isCheckRevoke: Type.Optional(TrueFalse) }),
    body: QueryFilter,
    value: PageList(TaskRow),
  },
  myRequest: {
    summary: 'The instances the caller started (drafts excluded)',
    body: QueryFilter,
    value: PageList(InstanceListRow),
  },
  myRequestCount: {
    summary: 'How many instances the caller started',
    value: Type.Integer(),
  },
  myDraft: {
    summary: 'The caller’s drafts',
    body: QueryFilter,
    value: PageList(InstanceSummary),
  },
  getMyDraftCount: {
    summary: 'How many drafts the caller has',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getBpmTaskByInstId: {
    summary: 'The open tasks of an instance',
    query: InstQuery,
    value: Type.Array(TaskRow),
  },
  instanceFlowOpinions: {
    summary: 'Every opinion of an instance, in order (the opinion table of spec §2)',
    query: InstAsLeader,
    value: Type.Array(OpinionRow),
  },
  getNodeOpinions: {
    summary: 'Opinions by node (isDerive: nodes without their own show their sub-process’s or children’s)',
    query: Type.Object({ instId: Id, nodeIds: IdList, isDerive: Type.Optional(TrueFalse) }),
    value: Type.Record(Type.String(), NodeOpinions),
  },
  nodeOpinion: {
    summary: 'One node of an instance: its opinions, or its tentative candidates when it never had a task',
    query: Type.Object({
      instId: Id,
      nodeId: Type.String({ minLength: 1, maxLength: 255 }),
      defId: Type.Optional(Id),
      leaderId: Type.Optional(Id),
    }),
    value: Type.Object({
      node: NodeRef,
      hasTask: Type.Boolean(),
      opinions: Type.Array(OpinionRow),
      candidates: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() })),
      serviceCall: Nullable(ServiceCallView),
    }),
  },
  instanceFlowImage: {
    summary: 'The flow chart: layout from the diagram, node colours and states, and the BPMN XML',
    query: Type.Object({
      instId: Type.Optional(Id),
      defId: Type.Optional(Id),
      leaderId: Type.Optional(Id),
    }),
    value: FlowImage,
  },
  getSubInstanceList: {
    summary: 'The child instances a call activity started (value: a JSON string)',
    query: Type.Object({
      parentInstId: Id,
      nodeId: Type.String({ minLength: 1, maxLength: 255 }),
      leaderId: Type.Optional(Id),
    }),
    value: Type.String({ description: 'a JSON list of the child instances' }),
  },
  getSubDefId: {
    summary: 'The definition a call activity runs',
    query: Type.Object({
      parentInstId: Id,
      nodeId: Type.String({ minLength: 1, maxLength: 255 }),
      parentDefId: Type.Optional(Id),
    }),
    value: Type.String(),
  },
  getUrgentStateConf: {
    summary: 'The urgency levels of urging',
    body: Type.Object({}),
    value: Type.Array(Type.Object({ value: Type.String(), name: Type.String(), color: Type.String() })),
  },
  getUrgrntById: {
    summary: 'The urgings of an instance',
    body: Type.Object({ id: Id }),
    value: Type.Array(Urging),
  },
  getHasAuthFlowList: {
    summary:
      'The flows the caller may start (main versions, by start rights), filtered and paged, as newProcess',
    body: QueryFilter,
    value: PageList(StartableFlow),
  },
  getInstanceByPks: {
    summary: 'Instances by id, those the caller may see (others are left out)',
    body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 200 }) }),
    value: Type.Array(InstanceSummary),
  },
  getBpmImage: {
    summary:
      'The flow chart of an instance (or a definition) as an SVG image, each node coloured by its status',
    query: Type.Object({ instId: Type.Optional(Id), defId: Type.Optional(Id), leaderId: Type.Optional(Id) }),
    value: Type.Unknown({ description: 'the image/svg+xml file itself, not wrapped in the envelope' }),
  },
  getDefStatus: {
    summary:
      'Whether a definition accepts new requests: deploy for the main version, forbidden_instance for an older one (its requests run on)',
    query: Type.Object({ defId: Id }),
    value: Type.Object({
      defId: Type.String(),
      defKey: Type.String(),
      version: Type.Integer(),
      status: Type.Union([Type.Literal('deploy'), Type.Literal('forbidden_instance')]),
    }),
  },
  doEndProcessById: {
    summary: 'Terminate an instance by id (人工终止, reason optional): the initiator or an administrator',
    query: Type.Object({ id: Id, reason: Type.Optional(Opinion) }),
    value: InstanceRef,
  },
  getSponsorRevokeByInstId: {
    summary:
      'Whether the initiator may withdraw the request now (revokeInstance): running, not suspended, nobody acted since it was submitted',
    query: InstQuery,
    value: Type.Boolean(),
  },
  getRelatedInformationById: {
    summary: 'The request’s related information: subject, initiator, their department path and the flow',
    query: Type.Object({ id: Id }),
    value: Type.Object({
      subject: Type.String(),
      name: Type.String({ description: 'the initiator' }),
      deptName: Nullable(Type.String({ description: 'the initiator’s main organisation' })),
      template: Type.String({ description: 'the flow’s name' }),
      createTime: Type.String(),
    }),
  },
  getInstance: {
    summary: 'An instance by id (for those who take part in it)',
    query: Type.Object({ id: Id }),
    value: Type.Composite([InstanceSummary, Type.Object({ defId: Type.String() })]),
  },
  getFlowKey: {
    summary: 'The key of a flow definition',
    query: Type.Object({ defId: Id }),
    value: Type.String(),
  },
  getOpinionsById: {
    summary: 'Every opinion of an instance by its id, in order',
    query: Type.Object({ id: Id }),
    value: Type.Array(OpinionRow),
  },
  removeInstances: {
    summary:
      'Delete instances with everything they hold (tasks, opinions, copies, child instances): administrators, audited',
    query: Type.Object({ ids: IdList }),
    value: Type.Integer({ description: 'instances removed' }),
  },
  instRemove: {
    summary: 'Delete instances with everything they hold (as remove): administrators, audited',
    query: Type.Object({ ids: IdList }),
    value: Type.Integer({ description: 'instances removed' }),
  },
  doNextCopyto: {
    summary:
      'Copy to (抄送): the handler of a task sends people a read-only copy of the request, in their circulated list',
    body: Type.Object({ taskId: Id, userIds: UserIds, opinion: Type.Optional(Opinion) }),
    value: Type.Object({ count: Type.Integer() }),
  },
  getByRecordInstId: {
    summary:
      'The read records of an instance (阅读记录), latest first: querys procInstId EQUAL (required); params.distinct "1": each reader once',
    body: QueryFilter,
    value: PageList(ReadRecord),
  },
} as const satisfies Record<string, RouteSchemas>;
