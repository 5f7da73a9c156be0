import { Type, type Static, type SchemaOptions } from '@sinclair/typebox';
import {
  BUTTON_ALIASES,
  CANDIDATE_TYPES,
  COUNTERSIGN_FAIL_ACTIONS,
  COUNTERSIGN_MODES,
  DUE_UNITS,
  FIELD_PERMISSIONS,
  HTTP_METHODS,
  NOTIFY_TYPES,
  REJECT_MODES,
  SIGN_ORDERS,
  START_RIGHT_TYPES,
} from './enums.js';

/**
 * The settings document deployed beside a BPMN definition: one entry per node id plus global settings.
 * The editor builds it, the server validates it with the same schemas. Every object is closed, so
 * unknown keys (button scripts above all: stored code is never run) fail validation.
 */

const closed = { additionalProperties: false } as const;

const oneOf = <T extends string>(values: readonly T[], options?: SchemaOptions) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 128 });
const VariableName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' });

/** A CEL expression over `form` (the business data) and `vars` (the instance variables). */
export const CelExpression = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'CEL over form and vars',
});

export const Candidate = Type.Object(
  {
    type: oneOf(CANDIDATE_TYPES),
    ids: Type.Optional(
      Type.Array(Id, {
        maxItems: 500,
        uniqueItems: true,
        description: 'for user, role, post, org, orgLeader, group',
      }),
    ),
    expression: Type.Optional(CelExpression),
  },
  { ...closed, description: "a 'rule' candidate's expression yields a list of user ids" },
);
export type Candidate = Static<typeof Candidate>;

export const TaskButton = Type.Object(
  {
    alias: oneOf(BUTTON_ALIASES),
    name: Name,
    rejectModes: Type.Optional(Type.Array(oneOf(REJECT_MODES), { minItems: 1, uniqueItems: true })),
  },
  closed,
);
export type TaskButton = Static<typeof TaskButton>;

export const CountersignRule = Type.Object(
  {
    mode: oneOf(COUNTERSIGN_MODES),
    ratio: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'percent of agree votes, mode ratio' }),
    ),
    onFail: Type.Optional(
      oneOf(COUNTERSIGN_FAIL_ACTIONS, {
        description: 'a failed countersign goes back to the initiator (default) or ends the request',
      }),
    ),
  },
  closed,
);
export type CountersignRule = Static<typeof CountersignRule>;

export const FormBinding = Type.Object({ formKey: Type.String({ minLength: 1, maxLength: 128 }) }, closed);
export type FormBinding = Static<typeof FormBinding>;

export const FieldPermissions = Type.Record(
  Type.String({ minLength: 1, maxLength: 200 }),
  oneOf(FIELD_PERMISSIONS),
  {
    description: 'form field path → b required, w write, r read, n not sent',
  },
);
export type FieldPermissions = Static<typeof FieldPermissions>;

export const DataMapping = Type.Object(
  {
    from: Type.String({ minLength: 1, maxLength: 200, description: 'field of the parent form' }),
    to: Type.String({ minLength: 1, maxLength: 200, description: 'field of the child form' }),
  },
  closed,
);
export type DataMapping = Static<typeof DataMapping>;

export const CallActivitySettings = Type.Object(
  {
    flowKey: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "the child flow's key; else the BPMN calledElement",
      }),
    ),
    dataMapping: Type.Optional(Type.Array(DataMapping, { maxItems: 200 })),
  },
  closed,
);
export type CallActivitySettings = Static<typeof CallActivitySettings>;

export const HttpServiceCall = Type.Object(
  {
    kind: Type.Literal('http'),
    method: oneOf(HTTP_METHODS),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    bodyTemplate: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2000, description: 'CEL whose value is sent as the JSON body' }),
    ),
    retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    resultVariable: Type.Optional(VariableName),
  },
  closed,
);
export type HttpServiceCall = Static<typeof HttpServiceCall>;

export const ExpressionServiceCall = Type.Object(
  {
    kind: Type.Literal('expression'),
    expression: CelExpression,
    resultVariable: Type.Optional(VariableName),
  },
  closed,
);
export type ExpressionServiceCall = Static<typeof ExpressionServiceCall>;

export const ServiceTaskSettings = Type.Union([HttpServiceCall, ExpressionServiceCall]);
export type ServiceTaskSettings = Static<typeof ServiceTaskSettings>;

export const DueTime = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 10000 }),
    unit: oneOf(DUE_UNITS),
  },
  closed,
);
export type DueTime = Static<typeof DueTime>;

export const NodeSettings = Type.Object(
  {
    candidates: Type.Optional(Type.Array(Candidate, { maxItems: 100 })),
    buttons: Type.Optional(Type.Array(TaskButton, { maxItems: 50 })),
    countersign: Type.Optional(CountersignRule),
    signOrder: Type.Optional(
      oneOf(SIGN_ORDERS, { description: 'CUSTOMSIGNTASK: sequential countersign order' }),
    ),
    form: Type.Optional(FormBinding),
    fieldPermissions: Type.Optional(FieldPermissions),
    selectUsers: Type.Optional(
      Type.Boolean({
        description: 'the handler before this node picks its handlers from its candidates (nodeUsers)',
      }),
    ),
    callActivity: Type.Optional(CallActivitySettings),
    serviceTask: Type.Optional(ServiceTaskSettings),
    notifyTypes: Type.Optional(
      Type.Array(oneOf(NOTIFY_TYPES), {
        minItems: 1,
        uniqueItems: true,
        description: 'how the node’s people hear of work; unset: inner (an inner message)',
      }),
    ),
    dueTime: Type.Optional(DueTime),
  },
  closed,
);
export type NodeSettings = Static<typeof NodeSettings>;

export const StartRight = Type.Object(
  {
    type: oneOf(START_RIGHT_TYPES),
    ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }),
  },
  closed,
);
export type StartRight = Static<typeof StartRight>;

export const GlobalSettings = Type.Object(
  {
    subjectTemplate: Type.Optional(Type.String({ maxLength: 500 })),
    flowType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    startRights: Type.Optional(
      Type.Array(StartRight, {
        maxItems: 100,
        description: 'who may start the flow; absent or empty: everyone',
      }),
    ),
    form: Type.Optional(FormBinding),
  },
  closed,
);
export type GlobalSettings = Static<typeof GlobalSettings>;

export const FlowSettings = Type.Object(
  {
    global: Type.Optional(GlobalSettings),
    nodes: Type.Record(Type.String({ minLength: 1, maxLength: 255 }), NodeSettings),
  },
  closed,
);
export type FlowSettings = Static<typeof FlowSettings>;
