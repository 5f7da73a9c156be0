import { Type, type Static } from '@sinclair/typebox';
import { Empty, IdsQuery, oneOf, PageList, QueryFilter } from '../common.js';
import { START_RIGHT_TYPES } from '../flow/enums.js';
import { InstanceSummary, InstAsLeader } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const DefKey = Type.String({ minLength: 1, maxLength: 64, description: 'a flow definition key' });
const Text = Type.String();
const NullableText = Type.Union([Type.String(), Type.Null()]);
/** A flag in the query string: `true` or `false`. */
const Flag = (description: string) =>
  Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description }));
const DateTime = Type.String({
  format: 'date-time',
  maxLength: 40,
  description: 'ISO 8601 date-time with offset',
});
const InstIdQuery = Type.Object({ instId: Id });
const DefKeyQuery = Type.Object({ defKey: DefKey });

export const AGENT_SCOPES = ['all', 'flows'] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];

export const Agent = Type.Object({
  id: Text,
  principalId: Text,
  principalName: Text,
  agentId: Text,
  agentName: Text,
  startTime: Text,
  endTime: Text,
  scope: oneOf(AGENT_SCOPES),
  flowKeys: Type.Array(Text),
  enabled: Type.Boolean(),
  memo: NullableText,
  createTime: Text,
  updateTime: Text,
});
export type Agent = Static<typeof Agent>;

export const SaveAgent = Type.Object({
  id: Type.Optional(Id),
  agentId: Id,
  startTime: DateTime,
  endTime: DateTime,
  scope: oneOf(AGENT_SCOPES, 'all: every flow; flows: only flowKeys'),
  flowKeys: Type.Optional(Type.Array(DefKey, { maxItems: 200 })),
  enabled: Type.Optional(Type.Boolean({ description: 'default true' })),
  memo: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SaveAgent = Static<typeof SaveAgent>;

export const Secretary = Type.Object({
  id: Text,
  leaderId: Text,
  leaderName: Text,
  secretaryId: Text,
  secretaryName: Text,
  createTime: Text,
});
export type Secretary = Static<typeof Secretary>;

export const ApprovalItem = Type.Object({
  id: Text,
  expression: Text,
  defKey: NullableText,
  typeId: NullableText,
  sn: Type.Integer(),
  shared: Type.Boolean({ description: 'the tenant’s phrase (no owner), managed by administrators' }),
  createTime: Text,
});
export type ApprovalItem = Static<typeof ApprovalItem>;

export const SaveApprovalItem = Type.Object({
  id: Type.Optional(Id),
  expression: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'not blank' }),
  defKey: Type.Optional(DefKey),
  typeId: Type.Optional(Type.String({ maxLength: 64, description: 'a FLOW_TYPE type id' })),
  sn: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  shared: Type.Optional(
    Type.Boolean({
      description:
        'on creation: a shared phrase of the tenant (administrators); who owns a phrase never changes',
    }),
  ),
});
export type SaveApprovalItem = Static<typeof SaveApprovalItem>;

export interface SysTypeShape {
  id: string;
  typeKey: string;
  code: string;
  name: string;
  parentId: string | null;
  sn: number;
  children: SysTypeShape[];
}
export const SysType = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Text,
      typeKey: Text,
      code: Text,
      name: Text,
      parentId: NullableText,
      sn: Type.Integer(),
      children: Type.Array(Self),
    }),
  { $id: 'SysType' },
);

export const DefinitionInfo = Type.Object({
  id: Text,
  defKey: Text,
  name: Text,
  version: Type.Integer(),
  isMain: Type.Boolean(),
  flowType: NullableText,
  flowTypeName: NullableText,
  createTime: Text,
});
export type DefinitionInfo = Static<typeof DefinitionInfo>;

export const StartableFlow = Type.Composite([
  DefinitionInfo,
  Type.Object({
    isCollected: Type.Boolean(),
    isCommon: Type.Boolean(),
  }),
]);
export type StartableFlow = Static<typeof StartableFlow>;

export const OftenFlow = Type.Composite([
  StartableFlow,
  Type.Object({ useCount: Type.Integer(), lastUseTime: Text }),
]);

export const StartRightEntry = Type.Object({
  type: oneOf(START_RIGHT_TYPES),
  id: Text,
  name: Type.Union([Type.String(), Type.Null()], { description: 'null: nothing of that id exists' }),
});

export const COLLECT_TARGET_TYPES = ['instance', 'flow'] as const;
export type CollectTargetType = (typeof COLLECT_TARGET_TYPES)[number];

export const CollectTarget = Type.Object({
  targetType: oneOf(COLLECT_TARGET_TYPES),
  targetId: Type.String({ minLength: 1, maxLength: 64, description: 'instance id, or flow definition key' }),
});
export type CollectTarget = Static<typeof CollectTarget>;

export const CollectedInstance = Type.Composite([InstanceSummary, Type.Object({ collectTime: Text })]);

export const PrintRecord = Type.Object({
  id: Text,
  instId: Text,
  subject: Text,
  userId: Text,
  userName: Text,
  createTime: Text,
});

/** What a request can be printed as (system/file/wordPrint). */
export const PRINT_FORMATS = ['pdf', 'docx'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];
export const PrintFormatSchema = Type.Union(
  PRINT_FORMATS.map((f) => Type.Literal(f)),
  { description: 'pdf: the filled template converted to PDF; docx: the filled Word document' },
);

/** The print template that applies to a flow (defId: its main version). */
export const PrintTemplate = Type.Object({
  id: Text,
  name: Text,
  fileName: Text,
  global: Type.Boolean({ description: 'the global template, used by every flow without one of its own' }),
  defId: Text,
  defKey: Text,
  formats: Type.Array(PrintFormatSchema, {
    description: 'the formats this server prints in: pdf only when a document converter is configured',
  }),
});
export type PrintTemplate = Static<typeof PrintTemplate>;

/** Schemas of the personal-settings and flow-catalogue routes. */
export const bpmPersonalSchemas = {
  saveAgent: {
    summary:
      'Create or change one of the caller’s agents (代理): who handles their tasks, when, for which flows',
    body: SaveAgent,
    value: Agent,
  },
  listAgents: {
    summary:
      'Agents, paged and filtered: the caller’s own (isMgr=false), or every agent of the tenant (isMgr=true, administrators)',
    query: Type.Object({ isMgr: Flag('true: every agent of the tenant (administrators)') }),
    body: QueryFilter,
    value: PageList(Agent),
  },
  getAgent: {
    summary: 'One agent, for its principal, the agent or an administrator',
    query: Type.Object({ id: Id }),
    value: Agent,
  },
  removeAgents: {
    summary: 'Delete agents: the caller’s own, any of the tenant for administrators',
    query: IdsQuery,
    value: Type.Integer({ description: 'agents removed' }),
  },

  listSecretaries: {
    summary:
      'Secretaries, paged and filtered: the caller’s as leader (personal=true), or all (personal=false, administrators)',
    query: Type.Object({ personal: Flag('false: every pair of the tenant (administrators)') }),
    body: QueryFilter,
    value: PageList(Secretary),
  },
  saveSecretary: {
    summary: 'Give the caller a secretary, or change one (administrators may name the leader)',
    body: Type.Object({
      id: Type.Optional(Id),
      secretaryId: Id,
      leaderId: Type.Optional(
        Type.String({ maxLength: 64, description: 'administrators; default the caller' }),
      ),
    }),
    value: Secretary,
  },
  getSecretary: {
    summary: 'One leader–secretary pair, for the leader, the secretary or an administrator',
    params: Type.Object({ id: Id }),
    value: Secretary,
  },
  removeSecretaries: {
    summary: 'Delete leader–secretary pairs: the caller’s as leader, any for administrators',
    query: IdsQuery,
    value: Type.Integer({ description: 'pairs removed' }),
  },

  saveApprovalItem: {
    summary:
      'Create or change an approval phrase (常用语): the caller’s own, or a shared one (administrators)',
    body: SaveApprovalItem,
    value: ApprovalItem,
  },
  listApprovalItems: {
    summary:
      'Approval phrases, paged and filtered: the caller’s own (isPersonal=true) or the tenant’s shared ones',
    query: Type.Object({ isPersonal: Flag('false: the tenant’s shared phrases') }),
    body: QueryFilter,
    value: PageList(ApprovalItem),
  },
  removeApprovalItems: {
    summary: 'Delete approval phrases: the caller’s own, shared ones for administrators',
    query: IdsQuery,
    value: Type.Integer({ description: 'phrases removed' }),
  },
  getApprovalByDefKeyAndTypeId: {
    summary: 'The phrases a handler of a flow sees: own and shared, flow-specific first, then by sn',
    query: Type.Object({
      defKey: DefKey,
      typeId: Type.Optional(Type.String({ maxLength: 64, description: 'default: the flow’s type' })),
    }),
    value: Type.Array(ApprovalItem),
  },

  getTypesByKey: {
    summary: 'The tree of types of a key, e.g. FLOW_TYPE (portal group, beside sys/sysMenu)',
    query: Type.Object({ typeKey: Type.String({ minLength: 1, maxLength: 64 }) }),
    value: Type.Array(SysType),
  },
  queryDefinitions: {
    summary: 'Flow definitions, paged and filtered, main versions only (IS_MAIN_=Y)',
    body: QueryFilter,
    value: PageList(DefinitionInfo),
  },
  defGet: {
    summary: 'One flow definition version',
    query: Type.Object({ defId: Id }),
    value: DefinitionInfo,
  },
  getMainByDefIdOrKey: {
    summary: 'The main version of a flow, by the id of any of its versions or by its key',
    query: Type.Object({ defId: Type.Optional(Id), defKey: Type.Optional(DefKey) }),
    value: DefinitionInfo,
  },
  getDefDesignByDefId: {
    summary: 'A definition version’s BPMN XML and node settings (administrators)',
    query: Type.Object({ defId: Id }),
    value: Type.Composite([
      DefinitionInfo,
      Type.Object({ bpmnXml: Text, settings: Type.Unknown({ description: 'the node-settings document' }) }),
    ]),
  },
  flowHasStartRights: {
    summary:
      'Whether a flow (by defKey, or defId) may be started (spec §6: defKey, or userId + defId + leadId): by the caller in their current post, or by userId (administrators may ask about anyone of the tenant, in their main post); with leadId, by that user as secretary for the leader, with the leader’s rights',
    query: Type.Object({
      defKey: Type.Optional(DefKey),
      defId: Type.Optional(Id),
      userId: Type.Optional(Id),
      leadId: Type.Optional(Id),
    }),
    value: Type.Boolean(),
  },
  getStartRight: {
    summary: 'Who may start a flow, with names (administrators); no rights listed means everyone',
    query: DefKeyQuery,
    value: Type.Object({
      everyone: Type.Boolean({ description: 'no start rights listed: everyone may start' }),
      rights: Type.Array(StartRightEntry),
    }),
  },

  newProcess: {
    summary:
      'The flows the caller may start (main versions), paged and filtered, with type, collected and common marks',
    body: QueryFilter,
    value: PageList(StartableFlow),
  },
  newProcessCount: {
    summary: 'How many flows the caller may start',
    body: Empty,
    value: Type.Integer(),
  },
  newProcessCard: {
    summary: 'The first `size` flows the caller may start (default 11, spec §9), common flows first',
    query: Type.Object({
      size: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: '1–999, default 11' })),
    }),
    body: Empty,
    value: Type.Array(StartableFlow),
  },
  getMyCommonFlow: {
    summary: 'The caller’s common flows (常用流程) they may still start, in their order',
    body: Empty,
    value: Type.Array(StartableFlow),
  },
  customAddCommonFlow: {
    summary: 'Add flows to the caller’s common flows (at the end; ones already there stay)',
    body: Type.Object({ defKeys: Type.Array(DefKey, { minItems: 1, maxItems: 100 }) }),
    value: Type.Array(StartableFlow),
  },
  batchRemoveCommonFlow: {
    summary: 'Remove flows (comma-separated defKeys) from the caller’s common flows',
    query: Type.Object({ defKeys: Type.String({ minLength: 1, maxLength: 10000 }) }),
    value: Type.Integer({ description: 'flows removed' }),
  },
  saveMyOftenFlow: {
    summary: 'Count one use of a flow by the caller (the often-flow ranking)',
    body: Type.Object({ defKey: DefKey }),
    value: Type.Integer({ description: 'how often the caller has used the flow now' }),
  },
  getMyOftenFlow: {
    summary: 'The 8 flows the caller starts most (then most recently) and may still start',
    value: Type.Array(OftenFlow),
  },

  myCollect: {
    summary:
      'The instances the caller collected and takes part in, paged and filtered (bpm-runtime, beside the other instance lists)',
    body: QueryFilter,
    value: PageList(CollectedInstance),
  },
  myCollectCount: {
    summary: 'How many instances the caller has collected (and takes part in)',
    body: Empty,
    value: Type.Integer(),
  },
  collect: {
    summary: 'Collect an instance the caller takes part in, or a flow they may start',
    body: CollectTarget,
    value: Type.Boolean({ description: 'false: it was collected already' }),
  },
  cancelCollect: {
    summary: 'Take an instance or a flow out of the caller’s collection',
    body: CollectTarget,
    value: Type.Boolean({ description: 'false: it was not collected' }),
  },

  saveTaskFollow: {
    summary: 'Follow user-task nodes of an instance the caller takes part in; no nodes: stop following',
    body: Type.Object({
      instId: Id,
      nodeIds: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { maxItems: 200 }),
    }),
    value: Type.Array(Text, { description: 'the nodes now followed' }),
  },
  getFollowedNode: {
    summary: 'The nodes of an instance the caller follows',
    query: InstIdQuery,
    value: Type.Array(Text),
  },

  printLog: {
    summary: 'Record that the caller printed an instance they take part in',
    body: InstAsLeader,
    value: PrintRecord,
  },
  getPrintRecordsByInstId: {
    summary: 'Who printed an instance and when, newest first (participants and administrators)',
    query: InstIdQuery,
    value: Type.Array(PrintRecord),
  },
  queryPrintRecords: {
    summary: 'Print records, paged and filtered: of instances the caller takes part in (administrators: all)',
    body: QueryFilter,
    value: PageList(PrintRecord),
  },
  getGlobalPrintTemplate: {
    summary:
      'The print template that applies to a flow, by the id of any of its versions or by its key (the global template: subject, initiator, dates, form fields, opinion table and handwritten signatures), and the formats it prints in',
    query: Type.Object({ defId: Type.Optional(Id), defKey: Type.Optional(DefKey) }),
    value: PrintTemplate,
  },
  getWatermark: {
    summary: 'The preview watermark of an instance for the caller: account and time (spec §9)',
    query: InstAsLeader,
    value: Type.Object({ enabled: Type.Boolean(), text: Text }),
  },
} as const satisfies Record<string, RouteSchemas>;
