import type { TaskType } from '@eip/contracts/flow';
import { activeAgentsFor } from '../../bpm-personal/agent.repository.js';
import { findUsersByIds } from '../../uc/user.repository.js';
import { newId } from '../../../db/ids.js';
import type { FlowNode } from '../../../flow/model.js';
import { scheduleJob, type MailedMessage } from '../../../jobs/queue.js';
import * as repo from '../runtime.repository.js';
import { dueAfter } from './due.js';
import { notify } from './notify.js';
import { nodeName, nodeSettings, type Person, type Run } from './run.js';

/** One task to create: who may take it, and how it relates to the node and to other tasks. */
export interface TaskSpec {
  node: FlowNode;
  tokenId: string;
  /** the people offered the task; several share one task, the first to act takes it */
  people: Person[];
  type?: TaskType;
  status?: 'pending' | 'waiting';
  /** the task whose handler asked this one's people (communicate, inquire, transfer, add-sign) */
  parentTaskId?: string | null;
  /** a handed-over task: who it belonged to */
  ownerId?: string | null;
  /** the tasks of one countersign round share it */
  signBatch?: string | null;
  /** a countersign voter or a handed-over task's one handler */
  assigneeId?: string | null;
}

/** Where a message about a task takes its reader: the approval form of the task. */
export const approvalLink = (instanceId: string, taskId: string) =>
  `/matter/approvalForm?instId=${instanceId}&taskId=${taskId}`;

/** Where a message about an instance takes its reader: its read-only approval form. */
export const readonlyLink = (instanceId: string, extra = '') =>
  `/matter/approvalForm?instId=${instanceId}${extra}&isReadonly=true`;

/**
 * The agents acting now for some of the people (agent rules of the flow's key): each with the person
 * they act for, by that person's id.
 */
export async function agentsOf(run: Run, people: readonly Person[], at: Date) {
  const rules = await activeAgentsFor(
    run.tx,
    run.tenantId,
    [...new Set(people.map((p) => p.id))],
    run.instance.defKey,
    at,
  );
  const names = new Map(
    (
      await findUsersByIds(
        run.tx,
        run.tenantId,
        rules.map((r) => r.agentId),
      )
    ).map((u) => [u.id, u.fullname]),
  );
  const byPrincipal = new Map<string, Person[]>();
  for (const rule of rules) {
    const agents = byPrincipal.get(rule.principalId) ?? [];
    agents.push({ id: rule.agentId, name: names.get(rule.agentId) ?? rule.agentId });
    byPrincipal.set(rule.principalId, agents);
  }
  return byPrincipal;
}

/**
 * Creates tasks with everything that goes with them: the candidate rows of the todo index (the people
 * offered a task and, while an agent rule is active, their agents), a waiting opinion naming who may
 * act, an inner message to each of them (spec §7 inner messages), and a due reminder when the node has
 * a due time.
 */
export async function createTasks(run: Run, specs: TaskSpec[]): Promise<repo.TaskRow[]> {
  const now = new Date();
  const agents = await agentsOf(
    run,
    specs.flatMap((spec) => spec.people),
    now,
  );
  const withAgents = (people: readonly Person[]) =>
    people.flatMap((p) => (agents.get(p.id) ?? []).map((agent) => ({ agent, principal: p })));
  // one millisecond apart: tasks created together keep their order (a countersign's voters) everywhere
  const createdAt = (i: number) => new Date(now.getTime() + i);
  const tasks: repo.TaskRow[] = specs.map((spec, i) => {
    const due = nodeSettings(run, spec.node.id)?.dueTime;
    return {
      tenantId: run.tenantId,
      id: newId(),
      instanceId: run.instance.id,
      tokenId: spec.tokenId,
      nodeId: spec.node.id,
      name: nodeName(spec.node),
      nodeType: spec.node.type,
      status: spec.status ?? 'pending',
      type: spec.type ?? 'NORMAL',
      parentTaskId: spec.parentTaskId ?? null,
      ownerId: spec.ownerId ?? null,
      assigneeId: spec.assigneeId ?? null,
      lockedBy: null,
      lockedUntil: null,
      isRead: false,
      dueAt: due && (spec.type ?? 'NORMAL') === 'NORMAL' ? dueAfter(now, due) : null,
      urgentStateValue: null,
      draftData: null,
      draftOpinion: null,
      signBatch: spec.signBatch ?? null,
      subject: run.instance.subject,
      defKey: run.instance.defKey,
      defName: run.instance.defName,
      flowType: run.instance.flowType,
      initiatorId: run.instance.initiatorId,
      initiatorName: run.instance.initiatorName,
      createdAt: createdAt(i),
      completedAt: null,
      completedBy: null,
      completedByName: null,
      action: null,
    };
  });
  await repo.insertTasks(
    run.tx,
    tasks,
    tasks.flatMap((task, i) => [
      ...specs[i]!.people.map((p) => ({
        tenantId: run.tenantId,
        taskId: task.id,
        userId: p.id,
        principalId: null,
        createdAt: task.createdAt,
        subject: task.subject,
      })),
      ...withAgents(specs[i]!.people).map(({ agent, principal }) => ({
        tenantId: run.tenantId,
        taskId: task.id,
        userId: agent.id,
        principalId: principal.id,
        createdAt: task.createdAt,
        subject: task.subject,
      })),
    ]),
    tasks.map((task, i) => ({
      tenantId: run.tenantId,
      id: newId(),
      instanceId: run.instance.id,
      taskId: task.id,
      nodeId: task.nodeId,
      taskName: task.name,
      taskType: task.type,
      status: 'awaiting_check',
      qualfieds: [
        ...specs[i]!.people.map((p) => ({ id: p.id, name: p.name, type: 'user' })),
        ...withAgents(specs[i]!.people).map(({ agent }) => ({
          id: agent.id,
          name: agent.name,
          type: 'agent',
        })),
      ],
      createdAt: task.createdAt,
    })),
  );
  // each node's people hear of their tasks as the node says (one statement per node)
  const arrivals = new Map<string, MailedMessage[]>();
  for (const [i, task] of tasks.entries()) {
    const { node, people } = specs[i]!;
    const messages = arrivals.get(node.id) ?? [];
    arrivals.set(node.id, messages);
    for (const p of [...people, ...withAgents(people).map(({ agent }) => agent)]) {
      messages.push({
        receiverId: p.id,
        subject: run.instance.subject,
        content: task.name,
        link: approvalLink(run.instance.id, task.id),
        type: 'task',
      });
    }
  }
  for (const [nodeId, messages] of arrivals) {
    await notify(run.tx, run.tenantId, nodeSettings(run, nodeId)?.notifyTypes, messages);
  }
  for (const task of tasks) {
    if (task.dueAt) {
      await scheduleJob(run.tx, {
        tenantId: run.tenantId,
        kind: 'task.due',
        payload: { taskId: task.id },
        runAt: task.dueAt,
        dedupeKey: `due:${task.id}`,
      });
    }
  }
  return tasks;
}

/**
 * Ends tasks that nobody handled (a cleared step, a decided countersign), and the open questions their
 * handlers asked, and so on: they leave every list. A countersign voter who did not get to vote keeps a
 * row in the opinion table (会签撤销); other waiting opinions go.
 */
export async function cancelTasks(run: Run, tasks: readonly repo.TaskRow[]) {
  let current = tasks;
  while (current.length > 0) {
    const ids = current.map((t) => t.id);
    await repo.closeTasks(run.tx, run.tenantId, ids, { status: 'cancelled' });
    const votes = current.filter((t) => t.signBatch).map((t) => t.id);
    await repo.withdrawWaitingOpinions(run.tx, run.tenantId, votes);
    await repo.deleteWaitingOpinions(
      run.tx,
      run.tenantId,
      ids.filter((id) => !votes.includes(id)),
    );
    current = await repo.openChildTasks(run.tx, run.tenantId, ids);
  }
}
