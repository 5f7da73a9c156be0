import type { AddSignMode, AddSignPosition, DueUnit, UrgentLevel } from '@eip/contracts/flow';
import type { OpinionFile } from '@eip/contracts';
import { call } from '../../../api/client';
import type { FormValues } from '../../../components/schema-form/SchemaForm';

/** What an operation dialog asks for. */
export type OperationField =
  | 'nextHandlers'
  | 'target'
  | 'backHandMode'
  | 'user'
  | 'users'
  | 'position'
  | 'mode'
  | 'delay'
  | 'urgency'
  | 'opinion'
  | 'files';

export interface OperationInput {
  opinion?: string;
  /** attachments of the opinion, uploaded already */
  files?: OpinionFile[];
  destination?: string;
  /** The chosen target is the start node: back to the initiator. */
  toInitiator?: boolean;
  backHandMode?: 'direct' | 'normal';
  userId?: string;
  userIds?: string[];
  position?: AddSignPosition;
  mode?: AddSignMode;
  amount?: number;
  unit?: DueUnit;
  urgentStateValue?: UrgentLevel;
  /** handlers picked for the nodes ahead that let the handler pick (nodeId → user ids) */
  nodeUsers?: Record<string, string[]>;
}

/** A task operation acts on the user's task (for a leader: `leaderId`) with the form's data. */
export interface TaskContext {
  taskId: string;
  instId: string;
  data: FormValues;
  leaderId?: string;
}

/** An instance operation acts on the instance, with the user's task when there is one. */
export interface InstanceContext {
  instId: string;
  taskId?: string;
}

export interface Operation<Context> {
  fields: readonly OperationField[];
  /** The opinion must be given (rejections, oppositions, questions). */
  opinionRequired?: boolean;
  run: (input: OperationInput, context: Context) => Promise<unknown>;
}

type TaskOperation = Operation<TaskContext>;

const complete =
  (actionName: 'agree' | 'oppose' | 'abandon' | 'agreeTrans' | 'opposeTrans'): TaskOperation['run'] =>
  (input, { taskId, data, leaderId }) =>
    call('completeTask', {
      body: {
        taskId,
        actionName,
        opinion: input.opinion,
        files: input.files,
        data,
        nodeUsers: pickedHandlers(input.nodeUsers),
        agentLeaderId: leaderId,
      },
    });

/** The nodes whose handlers were picked: a node left empty goes to all its candidates. */
const pickedHandlers = (nodeUsers: Record<string, string[] | undefined> | undefined) => {
  const picked = Object.entries(nodeUsers ?? {}).filter(
    (entry): entry is [string, string[]] => (entry[1]?.length ?? 0) > 0,
  );
  return picked.length > 0 ? Object.fromEntries(picked) : undefined;
};

const sendBack: TaskOperation['run'] = (input, { taskId, data, leaderId }) =>
  call('completeTask', {
    body: {
      taskId,
      actionName: !input.destination || input.toInitiator ? 'backToStart' : 'reject',
      destination: input.toInitiator ? undefined : input.destination,
      backHandMode: input.backHandMode,
      opinion: input.opinion,
      files: input.files,
      data,
      agentLeaderId: leaderId,
    },
  });

const addSign =
  (fixed?: AddSignMode): TaskOperation['run'] =>
  (input, { taskId }) =>
    call('userTaskToSign', {
      body: {
        taskId,
        userIds: input.userIds ?? [],
        position: input.position ?? 'after',
        mode: fixed ?? input.mode ?? 'parallel',
        opinion: input.opinion,
      },
    });

const ask =
  (name: 'taskToTrans' | 'communicate'): TaskOperation['run'] =>
  (input, { taskId }) =>
    call(name, { body: { taskId, userIds: input.userIds ?? [], opinion: input.opinion } });

/**
 * The operations of the task buttons (reference "Task buttons"), by alias: what each dialog asks and the
 * call it makes. Aliases not here (print, flowImage, approvalHistory, startFlow, saveDraft, lockUnlock,
 * endProcess) are handled by the form itself.
 */
export const TASK_OPERATIONS: Partial<Record<string, TaskOperation>> = {
  agree: { fields: ['nextHandlers', 'opinion', 'files'], run: complete('agree') },
  oppose: { fields: ['opinion', 'files'], opinionRequired: true, run: complete('oppose') },
  abandon: { fields: ['opinion', 'files'], run: complete('abandon') },
  agreeTrans: { fields: ['opinion', 'files'], run: complete('agreeTrans') },
  opposeTrans: { fields: ['opinion', 'files'], opinionRequired: true, run: complete('opposeTrans') },
  reject: { fields: ['target', 'backHandMode', 'opinion', 'files'], opinionRequired: true, run: sendBack },
  backToStart: { fields: ['backHandMode', 'opinion', 'files'], opinionRequired: true, run: sendBack },
  delegate: {
    fields: ['user', 'opinion'],
    run: (input, { taskId }) =>
      call('delegateTask', { body: { taskId, userId: input.userId ?? '', opinion: input.opinion } }),
  },
  startTrans: { fields: ['users', 'opinion'], run: ask('taskToTrans') },
  instanceTrans: { fields: ['users', 'opinion'], run: ask('taskToTrans') },
  startCommu: { fields: ['users', 'opinion'], run: ask('communicate') },
  commu: { fields: ['users', 'opinion'], run: ask('communicate') },
  inqu: {
    fields: ['users', 'opinion'],
    opinionRequired: true,
    run: (input, { taskId }) =>
      call('taskToInqu', { body: { taskId, userIds: input.userIds ?? [], opinion: input.opinion ?? '' } }),
  },
  addSign: { fields: ['users', 'position', 'mode', 'opinion'], run: addSign() },
  signLine: { fields: ['users', 'position', 'opinion'], run: addSign('parallel') },
  signSequence: { fields: ['users', 'position', 'opinion'], run: addSign('sequential') },
  commuFeedback: {
    fields: ['opinion', 'files'],
    opinionRequired: true,
    run: (input, { taskId }) =>
      call('doNextcommu', { body: { taskId, opinion: input.opinion, files: input.files } }),
  },
  inquReply: {
    fields: ['opinion', 'files'],
    opinionRequired: true,
    run: (input, { taskId }) =>
      call('taskToInquReply', { body: { taskId, opinion: input.opinion, files: input.files } }),
  },
  addSignFeedback: {
    fields: ['opinion', 'files'],
    run: (input, { taskId }) =>
      call('userAddSignFeedback', { body: { taskId, opinion: input.opinion, files: input.files } }),
  },
  taskDelay: {
    fields: ['delay'],
    run: (input, { taskId }) =>
      call('taskDelayById', {
        query: { taskId, amount: String(input.amount ?? 1), unit: input.unit ?? 'day' },
      }),
  },
};

/** Operations after which the task is still the user's: the form stays open. */
export const KEEPS_TASK: ReadonlySet<string> = new Set(['taskDelay']);

/** Operations on the instance: circulate (传阅), urge (催办), terminate (终止). */
export const INSTANCE_OPERATIONS = {
  circulate: {
    fields: ['users', 'opinion'],
    run: (input, { instId, taskId }) =>
      call('transToMore', { body: { instId, taskId, userIds: input.userIds ?? [], opinion: input.opinion } }),
  },
  urgent: {
    fields: ['urgency', 'opinion'],
    run: (input, { instId }) =>
      call('sendBpmTaskUrgent', {
        body: { instId, urgentStateValue: input.urgentStateValue ?? 'normal', opinion: input.opinion },
      }),
  },
  endProcess: {
    fields: ['opinion'],
    opinionRequired: true,
    run: (input, { instId, taskId }) =>
      call('doEndProcess', { body: { instId, taskId, opinion: input.opinion } }),
  },
} satisfies Record<string, Operation<InstanceContext>>;
export type InstanceOperationName = keyof typeof INSTANCE_OPERATIONS;

/** The buttons that move a request on: shown as primary. */
export const PRIMARY_ACTIONS: readonly string[] = ['agree', 'startFlow', 'agreeTrans'];
/** The buttons that turn a request down or send it back, 驳回 first: the second main action of a node. */
const DECLINING_ACTIONS: readonly string[] = ['reject', 'backToStart', 'oppose', 'opposeTrans'];

/**
 * The node's two main actions among its buttons (in their order): the one that moves the request on
 * (同意) and the one that turns it down (驳回 before 反对); a node without one of them has its first other
 * button in its place.
 */
export function mainActions(aliases: readonly string[]): string[] {
  const pick = (kind: readonly string[]) => kind.find((alias) => aliases.includes(alias));
  const chosen = [pick(PRIMARY_ACTIONS), pick(DECLINING_ACTIONS)].filter((alias) => alias !== undefined);
  const others = aliases.filter((alias) => !chosen.includes(alias));
  return aliases.filter((alias) => [...chosen, ...others].slice(0, 2).includes(alias));
}
