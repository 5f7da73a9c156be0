import type { AddSignMode, AddSignPosition, OpinionStatus } from '@eip/contracts/flow';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { requireNode } from '../../../flow/graph.js';
import type { FlowNode } from '../../../flow/model.js';
import type { AuthContext } from '../../../security/tokens.js';
import * as repo from '../runtime.repository.js';
import { activeQueue, continueFrom, peopleByIds } from './advance.js';
import { openTask } from './authority.js';
import type { TaskOperation } from './buttons.js';
import { finishTask, recordNodeOpinion, type Acting, type OpinionFile } from './opinions.js';
import { notify } from './notify.js';
import { nodeSettings, type Person, type Run } from './run.js';
import { approvalLink, createTasks } from './tasks.js';

/** The people a handler asks, as the kind of task they get. */
type AskKind = 'TRANSFORMING' | 'COMMU' | 'INQU' | 'ADDSIGN';

const ASK_STATUS: Record<AskKind, OpinionStatus> = {
  TRANSFORMING: 'transForm',
  COMMU: 'commu',
  INQU: 'inqu',
  ADDSIGN: 'addSign',
};

/** Kinds whose handler waits for every answer before deciding (communicate does not wait). */
const BLOCKING: ReadonlySet<AskKind> = new Set(['TRANSFORMING', 'INQU', 'ADDSIGN']);

/** The people to ask: known active users of the tenant, not the asker, each once. */
async function askedPeople(run: Run, userIds: readonly string[]): Promise<Person[]> {
  const unique = [...new Set(userIds)];
  if (unique.includes(run.actor.id)) throw new AppError(400, 'flow.cannotAskYourself');
  return peopleByIds(run, unique);
}

const namesOf = (people: readonly Person[]) => people.map((p) => p.name).join('、');

/**
 * Asks people about a task: each gets a task of the kind, tied to the handler's. A blocking question
 * makes the handler's task wait for the answers; a sequential one asks one person after another.
 */
async function ask(
  run: Run,
  task: repo.TaskRow,
  kind: AskKind,
  people: Person[],
  options: { sequential?: boolean; opinion?: string; blocking?: boolean },
) {
  const node = requireNode(run.def.model, task.nodeId);
  await recordNodeOpinion(
    run,
    node,
    ASK_STATUS[kind],
    run.actor,
    withNames(options.opinion, people),
    task.id,
  );
  if (options.blocking ?? BLOCKING.has(kind))
    await repo.updateTasks(run.tx, run.tenantId, [task.id], { status: 'waiting' });
  const now = options.sequential ? people.slice(0, 1) : people;
  if (options.sequential) {
    await repo.setTokenSequence(
      run.tx,
      run.tenantId,
      task.tokenId,
      people.slice(1).map((p) => p.id),
    );
  }
  await createTasks(
    run,
    now.map((person) => ({
      node,
      tokenId: task.tokenId,
      people: [person],
      type: kind,
      parentTaskId: task.id,
      assigneeId: person.id,
    })),
  );
}

const withNames = (opinion: string | undefined, people: readonly Person[]) =>
  [opinion?.trim(), `→ ${namesOf(people)}`].filter(Boolean).join(' ');

/**
 * An asked person answers: their task is done with the answer. When the last answer of a round is in,
 * the next person of a sequential round is asked; a waiting handler's task opens again; after an
 * add-sign that followed the handler's decision, the node goes on.
 */
export async function answerAsked(
  run: Run,
  child: repo.TaskRow,
  acting: Acting,
  status: OpinionStatus,
  input: { opinion?: string; files?: OpinionFile[] },
) {
  await finishTask(run, child, status, acting, input);
  const parent = await repo.findTask(run.tx, run.tenantId, child.parentTaskId!);
  if (!parent) return;
  const token = await repo.findToken(run.tx, run.tenantId, child.tokenId);
  const node = requireNode(run.def.model, child.nodeId);
  const queued = child.type === 'ADDSIGN' && node.type === 'USERTASK' ? await activeQueue(run, token) : [];
  const [next, ...rest] = queued;
  if (next) {
    await repo.setTokenSequence(
      run.tx,
      run.tenantId,
      child.tokenId,
      rest.map((p) => p.id),
    );
    await createTasks(run, [
      {
        node,
        tokenId: child.tokenId,
        people: [next],
        type: 'ADDSIGN',
        parentTaskId: parent.id,
        assigneeId: next.id,
      },
    ]);
    return;
  }
  // an answer to communicate leaves the handler's task as it is; the handler never waited for it
  if (!BLOCKING.has(child.type as AskKind)) return;
  const stillOpen = (await repo.openChildTasks(run.tx, run.tenantId, [parent.id])).some((t) =>
    BLOCKING.has(t.type as AskKind),
  );
  if (stillOpen) return;
  if (parent.status === 'waiting') {
    await repo.updateTasks(run.tx, run.tenantId, [parent.id], { status: 'pending' });
    const handlers = await repo.candidatesOfTask(run.tx, run.tenantId, parent.id);
    await notify(
      run.tx,
      run.tenantId,
      nodeSettings(run, parent.nodeId)?.notifyTypes,
      handlers.map((h) => ({
        receiverId: h.userId,
        subject: run.instance.subject,
        content: parent.name,
        link: approvalLink(run.instance.id, parent.id),
        type: 'task',
      })),
    );
  } else if (parent.status === 'done' && child.type === 'ADDSIGN') {
    run.originTaskId = parent.id;
    await continueFrom(run, node, child.tokenId);
  }
}

/** Runs an operation of the handler of a task, when the task offers it (see openTask). */
async function onOwnTask<T>(
  db: Db,
  auth: AuthContext,
  taskId: string,
  operation: TaskOperation,
  act: (run: Run, task: repo.TaskRow, acting: Acting, node: FlowNode) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const { task, run, acting } = await openTask(tx, auth, taskId, operation);
    return act(run, task, acting, requireNode(run.def.model, task.nodeId));
  });
}

/** 转办: the task is handed over to one person, who handles it from now on; the handover is recorded. */
export async function delegateTask(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; userId: string; opinion?: string },
) {
  return onOwnTask(db, auth, input.taskId, 'delegate', async (run, task, acting, node) => {
    const [to] = await askedPeople(run, [input.userId]);
    await recordNodeOpinion(run, node, 'deliverTo', run.actor, withNames(input.opinion, [to!]), task.id);
    await repo.deleteCandidates(run.tx, run.tenantId, [task.id]);
    await repo.insertCandidates(run.tx, [
      {
        tenantId: run.tenantId,
        taskId: task.id,
        userId: to!.id,
        principalId: null,
        createdAt: new Date(),
        subject: task.subject,
      },
    ]);
    await repo.updateTasks(run.tx, run.tenantId, [task.id], {
      type: 'DELIVERTO',
      ownerId: task.ownerId ?? acting.principal?.id ?? run.actor.id,
      assigneeId: to!.id,
      lockedBy: null,
      lockedUntil: null,
      isRead: false,
    });
    await repo.updateWaitingOpinions(run.tx, run.tenantId, [task.id], {
      qualfieds: [{ id: to!.id, name: to!.name, type: 'user' }],
      isRead: false,
    });
    await notify(run.tx, run.tenantId, nodeSettings(run, task.nodeId)?.notifyTypes, [
      {
        receiverId: to!.id,
        subject: run.instance.subject,
        content: task.name,
        link: approvalLink(run.instance.id, task.id),
        type: 'task',
      },
    ]);
    return { instId: run.instance.id };
  });
}

/** 流转: people give their opinions (agreeTrans / opposeTrans); the handler decides once all have. */
export async function transferTask(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; userIds: string[]; opinion?: string },
) {
  return onOwnTask(db, auth, input.taskId, 'transfer', async (run, task) => {
    await ask(run, task, 'TRANSFORMING', await askedPeople(run, input.userIds), { opinion: input.opinion });
    return { instId: run.instance.id };
  });
}

/** 沟通: people are asked for a comment; the handler may decide without waiting (open questions then close). */
export async function communicate(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; userIds: string[]; opinion?: string },
) {
  return onOwnTask(db, auth, input.taskId, 'communicate', async (run, task) => {
    await ask(run, task, 'COMMU', await askedPeople(run, input.userIds), { opinion: input.opinion });
    return { instId: run.instance.id };
  });
}

/** 征询: who handled an earlier step (or the initiator) is asked a question; the task waits for the reply. */
export async function inquire(
  db: Db,
  auth: AuthContext,
  input: { taskId: string; userIds: string[]; opinion: string },
) {
  return onOwnTask(db, auth, input.taskId, 'inquire', async (run, task) => {
    const people = await askedPeople(run, input.userIds);
    const earlier = new Set(
      (await repo.tasksOfInstance(run.tx, run.tenantId, run.instance.id))
        .filter((t) => t.status === 'done' && t.completedBy)
        .map((t) => t.completedBy!),
    );
    earlier.add(run.instance.initiatorId);
    if (people.some((p) => !earlier.has(p.id))) throw new AppError(400, 'flow.inquireEarlierOnly');
    await ask(run, task, 'INQU', people, { opinion: input.opinion });
    return { instId: run.instance.id };
  });
}

/**
 * 加签: more people take part in the step. In a parallel countersign they become voters of the round;
 * in a sequential one they vote next, in the given order. On a plain task they answer before the handler
 * decides (before), or the handler agrees now and they answer before the flow goes on (after) — all at
 * once (parallel) or one after another (sequential).
 */
export async function addSign(
  db: Db,
  auth: AuthContext,
  input: {
    taskId: string;
    userIds: string[];
    position: AddSignPosition;
    mode: AddSignMode;
    opinion?: string;
  },
) {
  return onOwnTask(db, auth, input.taskId, 'addSign', async (run, task, acting, node) => {
    const people = await askedPeople(run, input.userIds);
    if (task.signBatch) {
      const batch = await repo.batchTasks(run.tx, run.tenantId, task.signBatch);
      const token = await repo.findToken(run.tx, run.tenantId, task.tokenId);
      const queued = (token?.sequence as string[] | null) ?? [];
      const voters = new Set([...batch.map((t) => t.assigneeId), ...queued]);
      if (people.some((p) => voters.has(p.id))) throw new AppError(400, 'flow.alreadyVoter');
      await recordNodeOpinion(run, node, 'addSign', run.actor, withNames(input.opinion, people), task.id);
      if (node.type === 'CUSTOMSIGNTASK') {
        await repo.setTokenSequence(run.tx, run.tenantId, task.tokenId, [
          ...people.map((p) => p.id),
          ...queued,
        ]);
      } else {
        await createTasks(
          run,
          people.map((p) => ({
            node,
            tokenId: task.tokenId,
            people: [p],
            signBatch: task.signBatch,
            assigneeId: p.id,
          })),
        );
      }
      return { instId: run.instance.id };
    }
    const sequential = input.mode === 'sequential';
    if (input.position === 'after') {
      await finishTask(run, task, 'agree', acting, { opinion: input.opinion });
      await ask(run, task, 'ADDSIGN', people, { sequential, blocking: false });
    } else {
      await ask(run, task, 'ADDSIGN', people, { sequential, opinion: input.opinion });
    }
    return { instId: run.instance.id };
  });
}

const ANSWER_OPERATION = {
  COMMU: 'commuFeedback',
  INQU: 'inquReply',
  ADDSIGN: 'addSignFeedback',
} as const satisfies Record<string, TaskOperation>;

/** The answer of an asked person (communicate, inquire, add-sign), through its own call. */
export async function answerQuestion(
  db: Db,
  auth: AuthContext,
  kind: 'COMMU' | 'INQU' | 'ADDSIGN',
  input: { taskId: string; opinion?: string; files?: OpinionFile[] },
) {
  return db.transaction(async (tx) => {
    const { task, run, acting } = await openTask(tx, auth, input.taskId, ANSWER_OPERATION[kind]);
    const status: OpinionStatus =
      kind === 'COMMU' ? 'commuFeedback' : kind === 'INQU' ? 'inquReply' : 'addSignFeedback';
    await answerAsked(run, task, acting, status, input);
    return { instId: run.instance.id };
  });
}
