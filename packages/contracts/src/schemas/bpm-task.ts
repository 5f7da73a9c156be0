import { Type } from '@sinclair/typebox';
import { PageList, QueryFilter } from '../common.js';
import { FieldChange } from './data.js';
import { ADD_SIGN_MODES, ADD_SIGN_POSITIONS, COMPLETE_ACTIONS, DUE_UNITS } from '../flow/enums.js';
import {
  Button,
  FlowForm,
  FormData,
  Id,
  IdList,
  InstanceRef,
  InstanceSummary,
  NodeRef,
  Nullable,
  Opinion,
  OpinionFiles,
  OpinionRow,
  Permissions,
  QueryCount,
  TaskRow,
  TodoRow,
  UserIds,
} from './bpm.js';
import { CountersignRule, DueTime } from '../flow/node-settings.js';
import type { RouteSchemas } from './route-schemas.js';

/** The method permission of batch approval (spec §5 批量审批); administrators hold every method. */
export const BATCH_APPROVE_METHOD = 'flow:batchApprove';

/** How many candidates of a node the route preview names; the count says how many there are. */
export const ROUTE_PREVIEW_CANDIDATES = 10;
const Person = Type.Object({ id: Type.String(), fullname: Type.String() });
const RouteCandidate = Type.Composite([
  Person,
  Type.Object({
    agents: Type.Array(Person, { description: 'agents acting for the candidate on this flow now' }),
    secretaries: Type.Array(Person, { description: 'secretaries who may handle for the candidate' }),
  }),
]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const TaskQuery = Type.Object({ taskId: Id });
/** A task, read or acted on by its handler or, with `leaderId`, by a secretary for that leader. */
const TaskAsLeader = Type.Object({
  taskId: Id,
  leaderId: Type.Optional(Id),
});
const CardQuery = Type.Object({ size: Type.Optional(QueryCount) });
const NodeUsers = Type.Record(Type.String({ minLength: 1, maxLength: 255 }), UserIds, {
  description: 'handlers picked for nodes ahead that let the handler pick (nodeId → user ids)',
});
/** Where the next nodes are seen from: a task (for a leader: `leaderId`), or a start of a flow; with the data being submitted. */
const Ahead = Type.Object({
  taskId: Type.Optional(Id),
  leaderId: Type.Optional(Id),
  defId: Type.Optional(Id),
  flowKey: Type.Optional(Id),
  /** a start for this leader of the caller's (spec §6): the leader's route and candidates */
  leadId: Type.Optional(Id),
  data: Type.Optional(FormData),
});
/** Spec §9: candidates are paged 50 at a time. */
export const CANDIDATE_PAGE_SIZE = 50;
/** Spec §9: a phone shows at most 3 candidates; a tap shows them all. */
export const MOBILE_CANDIDATES_SHOWN = 3;
const Ask = Type.Object({ taskId: Id, userIds: UserIds, opinion: Type.Optional(Opinion) });
const Answer = Type.Object({
  taskId: Id,
  opinion: Type.Optional(Opinion),
  files: Type.Optional(OpinionFiles),
});

export const NoticeRow = Type.Object({
  id: Type.String(),
  procInstId: Type.String(),
  taskId: Nullable(Type.String()),
  nodeId: Nullable(Type.String()),
  subject: Type.String(),
  procDefKey: Type.String(),
  procDefName: Type.String(),
  senderId: Type.String(),
  senderName: Type.String(),
  receiverId: Type.String(),
  receiverName: Type.String(),
  opinion: Nullable(Type.String()),
  isRead: Type.Boolean(),
  readTime: Nullable(Type.String()),
  createTime: Type.String(),
});

export const TaskDetail = Type.Object({
  bpmTask: Type.Composite([
    TaskRow,
    Type.Object({ signBatch: Nullable(Type.String()), parentTaskId: Nullable(Type.String()) }),
  ]),
  curNodeDef: NodeRef,
  formKey: Nullable(Type.String()),
  form: Nullable(FlowForm),
  permissions: Permissions,
  data: FormData,
  draft: Nullable(Type.Object({ data: FormData, opinion: Nullable(Type.String()) })),
  instance: InstanceSummary,
  canHandle: Type.Boolean(),
  resubmitted: Nullable(
    Type.Object(
      {
        time: Nullable(Type.String()),
        by: Nullable(Type.String()),
        changes: Type.Array(FieldChange),
      },
      {
        description:
          'the latest resubmission after a send-back: the fields the initiator changed that this task may see',
      },
    ),
  ),
  acting: Nullable(
    Type.Object({
      via: Type.String({ description: 'self, agent or secretary' }),
      principalId: Nullable(Type.String()),
      principalName: Nullable(Type.String()),
    }),
  ),
});

const BatchResult = Type.Object({
  taskId: Type.String(),
  ok: Type.Boolean(),
  message: Type.String({
    description: 'why it was not approved, in the caller’s language; empty when it was',
  }),
});

/** Schemas of the task runtime routes. */
export const bpmTaskSchemas = {
  getTodoList: {
    summary: 'The caller’s pending tasks (own and as an agent), paged and filtered',
    body: QueryFilter,
    value: PageList(TodoRow),
  },
  getTodoCount: {
    summary: 'How many tasks wait for the caller',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getTodoCard: {
    summary: 'The first tasks of the caller’s todo list for the home card (size, default 21)',
    query: CardQuery,
    body: Type.Object({}),
    value: Type.Array(TaskRow),
  },
  getTodoCardCount: {
    summary: 'How many tasks the todo card stands for',
    value: Type.Integer(),
  },
  getLeaderTodoList: {
    summary:
      'A secretary’s list of the pending tasks of the leaders they serve (querys leaderId: one leader)',
    body: QueryFilter,
    value: PageList(TaskRow),
  },
  getLeaderTodoCount: {
    summary: 'How many tasks wait for the leaders the caller serves',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getLeaderTodoCard: {
    summary: 'The first leader tasks for the home card (size, default 6)',
    query: CardQuery,
    body: Type.Object({}),
    value: Type.Array(TaskRow),
  },
  getDelegate: {
    summary: 'The tasks the caller handed over to someone else (转办), whatever became of them',
    body: QueryFilter,
    value: PageList(TaskRow),
  },
  getDelegateCount: {
    summary: 'How many tasks the caller handed over are still open',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getNoticeTodoReadList: {
    summary: 'Circulated copies the caller has not read yet (待阅)',
    body: QueryFilter,
    value: PageList(NoticeRow),
  },
  getNoticeDoneReadList: {
    summary: 'Circulated copies the caller has read (已阅)',
    body: QueryFilter,
    value: PageList(NoticeRow),
  },
  getMyNoticeReadList: {
    summary: 'Copies the caller circulated to others',
    body: QueryFilter,
    value: PageList(NoticeRow),
  },
  getNoticeTodoReadCount: {
    summary: 'How many circulated copies the caller has not read',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getMyNoticeReadCount: {
    summary: 'How many copies the caller circulated',
    body: Type.Object({}),
    value: Type.Integer(),
  },
  getNotice: {
    summary: 'One circulated copy, for its receiver or sender',
    query: Type.Object({ id: Id }),
    value: Type.Object({
      id: Type.String(),
      procInstId: Type.String(),
      subject: Type.String(),
      procDefName: Type.String(),
      senderName: Type.String(),
      receiverName: Type.String(),
      opinion: Nullable(Type.String()),
      isRead: Type.Boolean(),
      readTime: Nullable(Type.String()),
      createTime: Type.String(),
    }),
  },
  completeTask: {
    summary:
      'Handle a task: agree / oppose / abandon, answer a transfer (agreeTrans / opposeTrans), or send back (reject, backToStart)',
    body: Type.Object({
      taskId: Id,
      actionName: literals(COMPLETE_ACTIONS),
      opinion: Type.Optional(Opinion),
      data: Type.Optional(FormData),
      files: Type.Optional(OpinionFiles),
      nodeUsers: Type.Optional(NodeUsers),
      destination: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
      backHandMode: Type.Optional(literals(['direct', 'normal'] as const)),
      agentLeaderId: Type.Optional(Id),
    }),
    value: InstanceRef,
  },
  saveTaskDraft: {
    summary: 'Save the form changes and opinion of a task without handling it',
    body: Type.Object({
      taskId: Id,
      data: Type.Optional(FormData),
      opinion: Type.Optional(Opinion),
      agentLeaderId: Type.Optional(Id),
    }),
    value: Type.Null(),
  },
  batchHandle: {
    summary: 'Approve several tasks with one opinion (after filterUnBatchable)',
    body: Type.Object({
      taskIds: Type.Array(Id, { minItems: 1, maxItems: 200 }),
      opinion: Type.Optional(Opinion),
    }),
    value: Type.Array(BatchResult),
  },
  delegateTask: {
    summary: 'Hand a task over to another person (转办)',
    body: Type.Object({ taskId: Id, userId: Id, opinion: Type.Optional(Opinion) }),
    value: InstanceRef,
  },
  taskToTrans: {
    summary: 'Ask people for their opinions (流转); the task waits until all have answered',
    body: Ask,
    value: InstanceRef,
  },
  communicate: {
    summary: 'Ask people for a comment (沟通) without waiting',
    body: Ask,
    value: InstanceRef,
  },
  taskToInqu: {
    summary: 'Ask an earlier handler or the initiator a question (征询); the task waits for the reply',
    body: Type.Object({
      taskId: Id,
      userIds: UserIds,
      opinion: Type.String({ minLength: 1, maxLength: 4000 }),
    }),
    value: InstanceRef,
  },
  taskToInquReply: {
    summary: 'Reply to an inquiry',
    body: Answer,
    value: InstanceRef,
  },
  userTaskToSign: {
    summary: 'Add signers (加签): before or after the handler, together or in turn; voters in a countersign',
    body: Type.Object({
      taskId: Id,
      userIds: UserIds,
      position: literals(ADD_SIGN_POSITIONS),
      mode: literals(ADD_SIGN_MODES),
      opinion: Type.Optional(Opinion),
    }),
    value: InstanceRef,
  },
  userAddSignFeedback: {
    summary: 'The answer of an added signer',
    body: Answer,
    value: InstanceRef,
  },
  noticeTurnDode: {
    summary: 'Mark circulated copies read (待阅 → 已阅)',
    body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }),
    value: Type.Integer(),
  },
  addReadRecord: {
    summary: 'Mark a task read by its handler (待阅 → 已阅 in the opinion table)',
    body: TaskAsLeader,
    value: Type.Null(),
  },
  delBpmTaskNoticeById: {
    summary: 'Delete circulated copies the caller received or sent',
    body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }),
    value: Type.Integer(),
  },
  retrieveBpmTask: {
    summary: 'Take back a task one handled while the step it led to is untouched',
    query: TaskQuery,
    value: InstanceRef,
  },
  lockUnlock: {
    summary:
      'Lock a shared task for oneself, or unlock it (administrators: anyone’s); answers the new lock code',
    query: TaskAsLeader,
    value: Type.Integer({ description: 'the new lock code (spec §4)' }),
  },
  taskDelayById: {
    summary: 'Move a pending task’s due time later',
    query: Type.Object({ taskId: Id, amount: QueryCount, unit: literals(DUE_UNITS) }),
    value: Type.Object({ dueTime: Type.String() }),
  },
  taskDetailBo: {
    summary: 'A task with its form, field permissions and saved draft (or the read-only view)',
    query: TaskAsLeader,
    value: TaskDetail,
  },
  getButtonsBytaskId: {
    summary: 'The buttons the caller has on a task now',
    query: TaskAsLeader,
    value: Type.Array(Button),
  },
  checkTaskAuth: {
    summary: 'Whether the caller may handle the task now',
    query: TaskAsLeader,
    value: Type.Boolean(),
  },
  taskToReject: {
    summary: 'Where a task may be sent back: earlier handled nodes and the start, as its node allows',
    query: TaskAsLeader,
    value: Type.Array(NodeRef),
  },
  canLock: {
    summary: 'The lock state of a task for the caller (spec §4 codes 0–5)',
    query: TaskAsLeader,
    value: Type.Integer({ description: 'spec §4 lock code 0–5' }),
  },
  filterUnBatchable: {
    summary: 'Which tasks can be approved together, and why the others cannot',
    query: Type.Object({ taskIds: IdList }),
    value: Type.Object({
      batchable: Type.Array(Type.String()),
      unbatchable: Type.Array(
        Type.Object({ taskId: Type.String(), reason: Type.String(), message: Type.String() }),
      ),
    }),
  },
  getCandidatesListByTaskId: {
    summary: 'Who may handle a task',
    query: TaskAsLeader,
    value: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        type: Type.String(),
        principalId: Nullable(Type.String()),
        principalName: Nullable(Type.String()),
      }),
    ),
  },
  getAfterJumpNodes: {
    summary:
      'The next user-task nodes (with the data being submitted) and, where the handler picks, their candidates',
    body: Ahead,
    value: Type.Array(
      Type.Composite([
        NodeRef,
        Type.Object({
          selectUsers: Type.Boolean(),
          candidates: Type.Array(Type.Object({ id: Type.String(), fullname: Type.String() })),
        }),
      ]),
    ),
  },
  routePreview: {
    summary:
      'Route preview: every step from a task (or the start of a flow) to the end, by the form data being submitted — each step the user-task nodes reached together, with the people who would handle them, their active agents and secretaries',
    body: Ahead,
    value: Type.Object({
      steps: Type.Array(
        Type.Array(
          Type.Composite([
            NodeRef,
            Type.Object({
              selectUsers: Type.Boolean({ description: 'the handler before picks among the candidates' }),
              candidateCount: Type.Integer({ minimum: 0 }),
              candidates: Type.Array(RouteCandidate, {
                description: `the first ${ROUTE_PREVIEW_CANDIDATES} candidates`,
              }),
            }),
          ]),
        ),
      ),
      reachesEnd: Type.Boolean({
        description:
          'false when the route beyond the last step is not known yet (a sub-flow, or a condition the data does not decide)',
      }),
    }),
  },
  getNodeCandidatePage: {
    summary:
      'A page of the candidates of a node ahead that lets the handler pick (spec §9: 50 at a time), searched by fullname or account (LIKE); in the candidates’ order unless sorted. The caller is checked as getAfterJumpNodes checks them; another node answers 400',
    body: Type.Composite([
      QueryFilter,
      Ahead,
      Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 255 }) }),
    ]),
    value: PageList(Type.Object({ id: Type.String(), fullname: Type.String() })),
  },
  taskSignUsers: {
    summary: 'The voters of a countersign round with their votes, and its result code',
    body: TaskAsLeader,
    value: Type.Object({
      result: Nullable(
        Type.Integer({
          description: 'spec §4: 0 reject and redo, 1 agree, 2 under approval, 3 reject, 4 withdrawn',
        }),
      ),
      mode: Nullable(Type.String()),
      ratio: Type.Optional(Nullable(Type.Number())),
      voters: Type.Array(
        Type.Object({
          userId: Type.String(),
          name: Type.String(),
          status: Type.String({ description: 'pending, waiting, done, cancelled, queued' }),
          action: Nullable(Type.String()),
          actionVal: Nullable(Type.String()),
          completeTime: Nullable(Type.String()),
        }),
      ),
    }),
  },
  instanceDetail: {
    summary:
      'The read-only form of the instance a task belongs to, for those who take part in it (a secretary with leaderId)',
    body: Type.Object({ instId: Id, leaderId: Type.Optional(Id) }),
    value: Type.Object({
      instance: InstanceSummary,
      form: Nullable(FlowForm),
      permissions: Permissions,
      data: FormData,
    }),
  },
  getMyRequestTask: {
    summary: 'The open tasks of the requests the caller started: where each request waits and for whom',
    body: QueryFilter,
    value: PageList(TaskRow),
  },
  isEnd: {
    summary:
      'Whether agreeing to the task now (with the form data being submitted) ends the instance: no user task lies ahead and no other branch is open',
    body: Type.Object({ taskId: Id, leaderId: Type.Optional(Id), data: Type.Optional(FormData) }),
    value: Type.Boolean(),
  },
  nextTask: {
    summary: 'The caller’s next pending task after this one (to go on approving), or null',
    query: TaskQuery,
    value: Nullable(TodoRow),
  },
  nextExecutor: {
    summary:
      'Who handles next: the user-task nodes the instance moves to after this task (by the current form data) with their candidates',
    query: TaskAsLeader,
    value: Type.Array(
      Type.Composite([
        NodeRef,
        Type.Object({
          selectUsers: Type.Boolean(),
          candidates: Type.Array(Type.Object({ id: Type.String(), fullname: Type.String() })),
        }),
      ]),
    ),
  },
  taskNode: {
    summary: 'The node a task stands at',
    query: TaskAsLeader,
    value: NodeRef,
  },
  taskIsFirstNode: {
    summary:
      'Whether the task stands at the first step: the start node (back with the initiator) or a user task right after it',
    query: TaskAsLeader,
    value: Type.Boolean(),
  },
  getCurNodeProperties: {
    summary: 'The settings of the node a task stands at, as the approval form needs them',
    query: TaskAsLeader,
    value: Type.Composite([
      NodeRef,
      Type.Object({
        defId: Type.String(),
        instId: Type.String(),
        selectUsers: Type.Boolean(),
        countersign: Nullable(CountersignRule),
        rejectModes: Type.Array(Type.String({ description: 'backToStart, rejectPre, reject' })),
        formKey: Nullable(Type.String()),
        dueTime: Nullable(DueTime),
        isFirstNode: Type.Boolean(),
      }),
    ]),
  },
  taskNodeOpinion: {
    summary: 'The opinions of the node a task stands at (its approval details)',
    query: TaskAsLeader,
    value: Type.Array(OpinionRow),
  },
  removeTasks: {
    summary:
      'Delete tasks (administrators; audited): the tasks, their candidates and pending opinions go; the instance stays',
    query: Type.Object({ ids: IdList }),
    value: Type.Integer({ description: 'tasks removed' }),
  },
} as const satisfies Record<string, RouteSchemas>;
