/**
 * Workflow enums and codes of spec §4 and the reference notes ("Workflow"), shared by server and web.
 * Plain constants only: no schema library, so the web app can import them without TypeBox.
 */

/** Node types as they appear in flow images (reference "Workflow"). */
export const NODE_TYPES = [
  'START',
  'END',
  'USERTASK',
  'SIGNTASK',
  'CUSTOMSIGNTASK',
  'SUBPROCESS',
  'CALLACTIVITY',
  'EXCLUSIVEGATEWAY',
  'PARALLELGATEWAY',
  'INCLUSIVEGATEWAY',
  'SUBSTARTGATEWAY',
  'SUBENDGATEWAY',
  'SUBMULTISTARTGATEWAY',
  'SERVICETASK',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** The node types a BPMN definition parses into; the SUB*GATEWAY types only label flow images. */
export const MODEL_NODE_TYPES = [
  'START',
  'END',
  'USERTASK',
  'SIGNTASK',
  'CUSTOMSIGNTASK',
  'SUBPROCESS',
  'CALLACTIVITY',
  'EXCLUSIVEGATEWAY',
  'PARALLELGATEWAY',
  'INCLUSIVEGATEWAY',
  'SERVICETASK',
] as const satisfies readonly NodeType[];
export type ModelNodeType = (typeof MODEL_NODE_TYPES)[number];

/** User-task kinds: the only clickable nodes and the only follow-node or reject choices (spec §4). */
export const USER_TASK_TYPES = [
  'USERTASK',
  'SIGNTASK',
  'CUSTOMSIGNTASK',
] as const satisfies readonly NodeType[];
export type UserTaskType = (typeof USER_TASK_TYPES)[number];

export const GATEWAY_TYPES = [
  'EXCLUSIVEGATEWAY',
  'PARALLELGATEWAY',
  'INCLUSIVEGATEWAY',
] as const satisfies readonly NodeType[];
export type GatewayType = (typeof GATEWAY_TYPES)[number];

export const isUserTaskType = (type: string): type is UserTaskType =>
  (USER_TASK_TYPES as readonly string[]).includes(type);
export const isGatewayType = (type: string): type is GatewayType =>
  (GATEWAY_TYPES as readonly string[]).includes(type);

export const INSTANCE_STATUSES = [
  'draft',
  'running',
  'end',
  'manualend',
  'backToStart',
  'back',
  'revoke',
  'revokeToStart',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export const NODE_STATUSES = [
  'submit',
  'resubmit',
  'agree',
  'pending',
  'oppose',
  'back',
  'backToStart',
  'signBackCancel',
  'complete',
  'recover',
  'recoverToStart',
  'sign_pass',
  'sign_no_pass',
  'manual_end',
  'abandon',
  'suspend',
] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** `statusColorMap` of the flow image (reference "Workflow"). */
export const STATUS_COLORS = {
  agree: '#00FF00',
  complete: '#4A4A4A',
  pending: '#FF0000',
  oppose: '#0000FF',
  back: '#8A0902',
  backToStart: '#FFA500',
  recover: '#023B62',
  recoverToStart: '#F23B62',
  sign_pass: '#338848',
  sign_no_pass: '#82B7D7',
  manual_end: '#EEAF97',
  submit: '#F89800',
  resubmit: '#FFE76E',
  suspend: '#C33A1F',
  signBackCancel: '#CCCCCC',
} as const satisfies Partial<Record<NodeStatus, string>>;

/** Node labels of the flow chart legend (spec §4). */
export const NODE_DISPLAY_STATES = [
  'notStarted',
  'current',
  'done',
  'rejected',
  'manualEnd',
  'suspended',
] as const;
export type NodeDisplayState = (typeof NODE_DISPLAY_STATES)[number];

export const TASK_TYPES = [
  'NORMAL',
  'AGENT',
  'DELIVERTO',
  'TRANSFORMING',
  'TRANSFORMED',
  'COMMU',
  'INQU',
  'BACK',
  'ADDSIGN',
  'COPYTO',
  'SHARE',
  'FOLLOW',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Countersign result codes (spec §4). */
export const COUNTERSIGN_RESULT = {
  rejectAndRedo: 0,
  agree: 1,
  underApproval: 2,
  rejectWithoutRedo: 3,
  withdrawn: 4,
} as const;
export type CountersignResult = (typeof COUNTERSIGN_RESULT)[keyof typeof COUNTERSIGN_RESULT];

/** Service task status (spec §4). */
export const SERVICE_TASK_STATUS = { waiting: -1, failed: 0, succeeded: 1 } as const;
export type ServiceTaskStatus = (typeof SERVICE_TASK_STATUS)[keyof typeof SERVICE_TASK_STATUS];

/** Task lock codes (spec §4). */
export const TASK_LOCK = {
  hasHandle: 0,
  canLock: 1,
  noUnlock: 2,
  canUnlock: 3,
  lockedBySomeone: 4,
  adminOperate: 5,
} as const;
export type TaskLockCode = (typeof TASK_LOCK)[keyof typeof TASK_LOCK];

/** Flow action labels 1–14 (spec §4). */
export const FLOW_ACTION = {
  pendingApproval: 1,
  submit: 2,
  resubmit: 3,
  agree: 4,
  suspend: 5,
  oppose: 6,
  reject: 7,
  rejectToInitiator: 8,
  withdraw: 9,
  withdrawToInitiator: 10,
  countersignPassed: 11,
  countersignFailed: 12,
  manualTermination: 13,
  complete: 14,
} as const;
export type FlowAction = (typeof FLOW_ACTION)[keyof typeof FLOW_ACTION];

/** Task button aliases (reference "Task buttons"). */
export const BUTTON_ALIASES = [
  'agree',
  'oppose',
  'agreeTrans',
  'opposeTrans',
  'commu',
  'reject',
  'backToStart',
  'startFlow',
  'inqu',
  'delegate',
  'instanceTrans',
  'startCommu',
  'startTrans',
  'addSign',
  'endProcess',
  'lockUnlock',
  'saveDraft',
  'signLine',
  'signSequence',
  'abandon',
  'print',
  'taskDelay',
  'flowImage',
  'approvalHistory',
] as const;
export type ButtonAlias = (typeof BUTTON_ALIASES)[number];

/** The buttons of an asked person's task: their answer (not configurable: the engine offers them). */
export const ANSWER_BUTTONS = {
  TRANSFORMING: ['agreeTrans', 'opposeTrans'],
  COMMU: ['commuFeedback'],
  INQU: ['inquReply'],
  ADDSIGN: ['addSignFeedback'],
} as const;
export type AnswerButton = (typeof ANSWER_BUTTONS)[keyof typeof ANSWER_BUTTONS][number];

/** Buttons left when acting for a leader (reference "Task buttons"). */
export const LEADER_ACTING_BUTTONS = [
  'agree',
  'reject',
  'lockUnlock',
] as const satisfies readonly ButtonAlias[];

export const REJECT_MODES = ['backToStart', 'rejectPre', 'reject'] as const;
export type RejectMode = (typeof REJECT_MODES)[number];

export const JUMP_TYPES = ['free', 'select', 'reject'] as const;
export type JumpType = (typeof JUMP_TYPES)[number];

export const BACK_HAND_MODES = ['direct', 'normal'] as const;
export type BackHandMode = (typeof BACK_HAND_MODES)[number];

export const CANDIDATE_TYPES = [
  'user',
  'role',
  'post',
  'org',
  'orgLeader',
  'group',
  'initiator',
  'initiatorLeader',
  'previousHandler',
  'rule',
] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];

/** Candidate types that name directory entries and so need `ids`. */
export const CANDIDATE_TYPES_WITH_IDS = [
  'user',
  'role',
  'post',
  'org',
  'orgLeader',
  'group',
] as const satisfies readonly CandidateType[];

/** Who may start a flow: directory entries only. */
export const START_RIGHT_TYPES = [
  'user',
  'role',
  'post',
  'org',
  'group',
] as const satisfies readonly CandidateType[];
export type StartRightType = (typeof START_RIGHT_TYPES)[number];

/** Field permissions: b required, w write, r read, n not sent (spec §5). */
export const FIELD_PERMISSIONS = ['b', 'w', 'r', 'n'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];

/** Whether a field with this permission is written by the handler (b, w); unknown fields are not. */
export const isWritable = (permission: FieldPermission | undefined) =>
  permission === 'w' || permission === 'b';

/**
 * Countersign vote rules: all must agree (an abstention fails), a share of agree votes, the first vote
 * decides, one oppose rejects (abstentions do not count against).
 */
export const COUNTERSIGN_MODES = ['all', 'ratio', 'firstVote', 'oneVeto'] as const;
export type CountersignMode = (typeof COUNTERSIGN_MODES)[number];

/** What a failed countersign does: back to the initiator to redo (result 0), or end (result 3). */
export const COUNTERSIGN_FAIL_ACTIONS = ['backToStart', 'end'] as const;
export type CountersignFailAction = (typeof COUNTERSIGN_FAIL_ACTIONS)[number];

/** Votes of a countersign voter and answers of an added signer. */
export const VOTE_ACTIONS = ['agree', 'oppose', 'abandon'] as const;
export type VoteAction = (typeof VOTE_ACTIONS)[number];

/**
 * What a handler does with a task through task/v1/complete: vote or decide (agree, oppose, abandon),
 * answer a transfer (agreeTrans, opposeTrans), or send it back (reject, backToStart).
 */
export const COMPLETE_ACTIONS = [
  'agree',
  'oppose',
  'abandon',
  'agreeTrans',
  'opposeTrans',
  'reject',
  'backToStart',
] as const;
export type CompleteAction = (typeof COMPLETE_ACTIONS)[number];

/**
 * Statuses of an opinion row: the node statuses of the reference plus the answers of the people a
 * handler asked (transfer, communicate, inquire, add-sign), a handover, and a resumed suspension.
 */
export const OPINION_STATUSES = [
  'awaiting_check',
  ...NODE_STATUSES,
  'restore',
  'deliverTo',
  'transForm',
  'agreeTrans',
  'opposeTrans',
  'commu',
  'commuFeedback',
  'inqu',
  'inquReply',
  'addSign',
  'addSignFeedback',
  'circulate',
  'copyto',
] as const;
export type OpinionStatus = (typeof OPINION_STATUSES)[number];

/** Urgency levels of sendBpmTaskUrgent (getUrgentStateConf), least urgent first. */
export const URGENT_LEVELS = [
  { value: 'normal', color: '#1890FF' },
  { value: 'urgent', color: '#FA8C16' },
  { value: 'veryUrgent', color: '#F5222D' },
] as const;
export type UrgentLevel = (typeof URGENT_LEVELS)[number]['value'];

/** Where added signers go (加签): before the handler decides, or after; together or one after another. */
export const ADD_SIGN_POSITIONS = ['before', 'after'] as const;
export type AddSignPosition = (typeof ADD_SIGN_POSITIONS)[number];
export const ADD_SIGN_MODES = ['parallel', 'sequential'] as const;
export type AddSignMode = (typeof ADD_SIGN_MODES)[number];

/** CUSTOMSIGNTASK order: the candidates' listed order, or an order the previous handler chooses. */
export const SIGN_ORDERS = ['listed', 'chosen'] as const;
export type SignOrder = (typeof SIGN_ORDERS)[number];

export const NOTIFY_TYPES = ['inner', 'mail'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

export const DUE_UNITS = ['minute', 'hour', 'day', 'workday'] as const;
export type DueUnit = (typeof DUE_UNITS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Codes of the problems a deploy reports; the HTTP layer translates them. */
export const DEPLOY_PROBLEM_CODES = [
  'INVALID_XML',
  'NO_PROCESS',
  'SEVERAL_PROCESSES',
  'NO_DIAGRAM',
  'UNREADABLE_CONTENT',
  'UNSUPPORTED_ELEMENT',
  'NO_START',
  'SEVERAL_STARTS',
  'NO_END',
  'UNREACHABLE_NODE',
  'DEAD_END_NODE',
  'NODE_WITHOUT_SHAPE',
  'IMPLICIT_SPLIT',
  'SPLIT_WITHOUT_JOIN',
  'CONDITION_NOT_ALLOWED',
  'CONDITION_INVALID',
  'DEFAULT_FLOW_WITH_CONDITION',
  'SEVERAL_DEFAULT_FLOWS',
  'SETTINGS_INVALID',
  'SETTINGS_UNKNOWN_NODE',
  'SETTING_NOT_APPLICABLE',
  'SIGN_KIND_CONFLICT',
  'CANDIDATES_MISSING',
  'CANDIDATE_INCOMPLETE',
  'CANDIDATE_RULE_INVALID',
  'COUNTERSIGN_RATIO_OUT_OF_RANGE',
  'CALL_ACTIVITY_NO_FLOW_KEY',
  'SERVICE_TASK_UNCONFIGURED',
  'SERVICE_URL_INVALID',
  'SERVICE_EXPRESSION_INVALID',
] as const;
export type DeployProblemCode = (typeof DEPLOY_PROBLEM_CODES)[number];
