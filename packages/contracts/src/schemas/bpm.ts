import { Type } from '@sinclair/typebox';
import { PageList, QueryFilter } from '../common.js';
import type { RouteSchemas } from './route-schemas.js';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const FormData = Type.Record(Type.String({ maxLength: 128 }), Type.Unknown(), {
  description: 'business data',
});

export const FlowDefinition = Type.Object({
  id: Type.String(),
  defKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  flowType: Nullable(Type.String()),
  createTime: Type.String(),
});

export const TodoTask = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  nodeId: Type.String(),
  procInstId: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  creatorId: Type.String(),
  creator: Type.String(),
  assigneeId: Nullable(Type.String()),
  status: Type.String(),
  instStatus: Type.String(),
  createTime: Type.String(),
});

export const InstanceSummary = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  status: Type.String({
    description: 'draft, running, end, manualend, backToStart, back, revoke, revokeToStart',
  }),
  creatorId: Type.String(),
  creator: Type.String(),
  createTime: Type.String(),
  endTime: Nullable(Type.String()),
  handleTime: Type.Optional(Nullable(Type.String())),
});

export const Opinion = Type.Object({
  id: Type.String(),
  taskId: Nullable(Type.String()),
  nodeId: Type.String(),
  taskName: Type.String(),
  status: Type.String(),
  auditor: Nullable(Type.String()),
  auditorName: Nullable(Type.String()),
  qualfieds: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() })),
  qualfiedNames: Type.String(),
  opinion: Nullable(Type.String()),
  createTime: Type.String(),
  completeTime: Nullable(Type.String()),
  durMs: Type.Union([Type.Integer(), Type.Null()]),
});

export const FlowImage = Type.Object({
  defId: Type.String(),
  instanceId: Nullable(Type.String()),
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
  statusColorMap: Type.Record(Type.String(), Type.String()),
  bpmnXml: Type.String(),
});

/** Schemas of the workflow routes. */
export const bpmSchemas = {
  deployDefinition: {
    body: Type.Object({
      bpmnXml: Type.String({ minLength: 1, maxLength: 2_000_000 }),
      settings: Type.Unknown({ description: 'the node-settings document (validated by the deploy check)' }),
    }),
    value: FlowDefinition,
  },
  listDefinitions: { body: QueryFilter, value: PageList(FlowDefinition) },
  startInstance: {
    body: Type.Object({
      defId: Type.Optional(Id),
      flowKey: Type.Optional(Id),
      subject: Type.Optional(Type.String({ maxLength: 500 })),
      data: Type.Optional(FormData),
    }),
    value: Type.Object({ instId: Type.String(), subject: Type.String() }),
  },
  completeTask: {
    body: Type.Object({
      taskId: Id,
      actionName: Type.Union([
        Type.Literal('agree'),
        Type.Literal('oppose'),
        Type.Literal('reject'),
        Type.Literal('backToStart'),
      ]),
      opinion: Type.Optional(Type.String({ maxLength: 4000 })),
      data: Type.Optional(FormData),
      destination: Type.Optional(Id),
      backHandMode: Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('normal')])),
    }),
    value: Type.Object({ instId: Type.String() }),
  },
  revokeInstance: {
    body: Type.Object({ instId: Id, opinion: Type.Optional(Type.String({ maxLength: 4000 })) }),
    value: Type.Object({ instId: Type.String() }),
  },
  retrieveBpmTask: { query: Type.Object({ taskId: Id }), value: Type.Object({ instId: Type.String() }) },
  getTodoList: { body: QueryFilter, value: PageList(TodoTask) },
  getTodoCount: { body: Type.Object({}), value: Type.Integer() },
  getDoneInstList: { body: QueryFilter, value: PageList(InstanceSummary) },
  myRequest: { body: QueryFilter, value: PageList(InstanceSummary) },
  getInstanceByInstId: {
    query: Type.Object({ instId: Id }),
    value: Type.Composite([InstanceSummary, Type.Object({ defId: Type.String(), data: FormData })]),
  },
  instanceFlowOpinions: { query: Type.Object({ instId: Id }), value: Type.Array(Opinion) },
  instanceFlowImage: {
    query: Type.Object({ instId: Type.Optional(Id), defId: Type.Optional(Id) }),
    value: FlowImage,
  },
  getButtonsBytaskId: {
    query: Type.Object({ taskId: Id }),
    value: Type.Array(Type.Object({ alias: Type.String(), name: Type.String() })),
  },
  checkTaskAuth: { query: Type.Object({ taskId: Id }), value: Type.Boolean() },
  taskToReject: {
    query: Type.Object({ taskId: Id }),
    value: Type.Array(Type.Object({ nodeId: Type.String(), name: Type.String(), nodeType: Type.String() })),
  },
  getSecretaryByUserId: {
    value: Type.Object({
      isLeader: Type.Boolean({ description: 'true when the caller is nobody’s secretary' }),
      leaders: Type.Array(Type.Object({ userId: Type.String(), fullname: Type.String() })),
    }),
  },
  getMsgbadge: { value: Type.Integer() },
} as const satisfies Record<string, RouteSchemas>;
