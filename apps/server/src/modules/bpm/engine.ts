import { isUserTaskType, type CountersignRule, type FieldPermission } from '@eip/contracts/flow';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import { conditionTest } from '../../flow/conditions.js';
import { ExpressionError, RoutingError } from '../../flow/errors.js';
import {
  incomingFlows,
  nodesIn,
  reachableFrom,
  rejectTargets,
  requireNode,
  takenFlows,
} from '../../flow/graph.js';
import type { FlowNode } from '../../flow/model.js';
import { settingsOf } from '../../flow/settings-schema.js';
import type { AuthContext } from '../../security/tokens.js';
import { findUserById } from '../uc/user.repository.js';
import { expandCandidates, tenantAdmins } from './candidates.js';
import { findMainByKey } from './definition.repository.js';
import { loadDefinition, type LoadedDefinition } from './definitions.js';
import * as repo from './runtime.repository.js';

type FormData = Record<string, unknown>;

/** One command's view of an instance: its definition, the locked row and who acts. */
interface Run {
  tx: Executor;
  tenantId: string;
  def: LoadedDefinition;
  instance: repo.InstanceRow;
  actor: { id: string; name: string };
}

const nodeSettings = (run: Run, nodeId: string) => settingsOf(run.def.settings, nodeId);

/**
 * The fields a node lets its handler write: b (required) and w. A field the node does not list is
 * writable at the start (the initiator fills the form) and read-only afterwards.
 */
function mergeData(
  current: FormData,
  incoming: FormData | undefined,
  permissions: Record<string, FieldPermission>,
  unlisted: FieldPermission,
) {
  if (!incoming) return current;
  const merged = { ...current };
  for (const [field, value] of Object.entries(incoming)) {
    const permission = Object.hasOwn(permissions, field) ? permissions[field] : unlisted;
    if (permission === 'w' || permission === 'b') merged[field] = value;
    else if (!Object.is(current[field], value) && JSON.stringify(current[field]) !== JSON.stringify(value)) {
      throw new AppError(400, 'flow.fieldReadOnly', { field });
    }
  }
  for (const [field, permission] of Object.entries(permissions)) {
    const value = merged[field];
    if (permission === 'b' && (value === undefined || value === null || value === '')) {
      throw new AppError(400, 'flow.fieldRequired', { field });
    }
  }
  return merged;
}

function test(run: Run) {
  const check = conditionTest({ form: run.instance.data as FormData, vars: {} });
  return (expression: string) => {
    try {
      return check(expression);
    } catch (error) {
      if (error instanceof ExpressionError) throw new AppError(422, 'flow.conditionFailed', { expression });
      throw error;
    }
  };
}

function takenTargets(run: Run, nodeId: string): string[] {
  try {
    return takenFlows(run.def.model, nodeId, test(run)).map((flow) => flow.targetId);
  } catch (error) {
    if (error instanceof RoutingError) throw new AppError(422, 'flow.noWayOn', { node: nodeId });
    throw error;
  }
}

const isJoin = (run: Run, node: FlowNode) =>
  (node.type === 'PARALLELGATEWAY' || node.type === 'INCLUSIVEGATEWAY') &&
  incomingFlows(run.def.model, node.id).length > 1;

/**
 * Creates the tasks of a user-task node for the candidates of its settings (the tenant's administrators
 * when nobody matches): one shared task, or one task per voter for a countersign.
 */
async function enterUserTask(
  run: Run,
  node: FlowNode,
  returnToNodeId: string | null = null,
  onlyUserId?: string,
) {
  const settings = nodeSettings(run, node.id);
  const candidates = settings?.candidates ?? [];
  const lastHandler = candidates.some((c) => c.type === 'previousHandler')
    ? await repo.lastHandlerOf(run.tx, run.tenantId, run.instance.id)
    : undefined;
  let people = onlyUserId
    ? await findUserById(run.tx, run.tenantId, onlyUserId).then((u) =>
        u ? [{ id: u.id, fullname: u.fullname }] : [],
      )
    : await expandCandidates(
        run.tx,
        {
          tenantId: run.tenantId,
          initiatorId: run.instance.initiatorId,
          previousHandlerId: lastHandler?.userId ?? null,
          scope: { form: run.instance.data as FormData, vars: {} },
        },
        candidates,
      );
  if (people.length === 0) people = await tenantAdmins(run.tx, run.tenantId);
  const tokenId = await repo.insertToken(
    run.tx,
    run.tenantId,
    run.instance.id,
    node.id,
    'active',
    returnToNodeId,
  );
  const countersign = node.type === 'SIGNTASK' || node.type === 'CUSTOMSIGNTASK';
  const batch = countersign ? newId() : null;
  const groups = countersign ? people.map((p) => [p]) : [people];
  const now = new Date();
  const base = {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    tokenId,
    nodeId: node.id,
    name: node.name || node.id,
    nodeType: node.type,
    status: 'pending',
    signBatch: batch,
    subject: run.instance.subject,
    defKey: run.instance.defKey,
    defName: run.instance.defName,
    initiatorId: run.instance.initiatorId,
    initiatorName: run.instance.initiatorName,
    createdAt: now,
  };
  const tasks = groups.map((group) => ({
    ...base,
    id: newId(),
    assigneeId: countersign ? group[0]!.id : null,
  }));
  await repo.insertTasks(
    run.tx,
    tasks,
    tasks.flatMap((task, i) =>
      groups[i]!.map((p) => ({ tenantId: run.tenantId, taskId: task.id, userId: p.id, createdAt: now })),
    ),
    tasks.map((task, i) => ({
      tenantId: run.tenantId,
      id: newId(),
      instanceId: run.instance.id,
      taskId: task.id,
      nodeId: node.id,
      taskName: task.name,
      status: 'awaiting_check',
      qualfieds: groups[i]!.map((p) => ({ id: p.id, name: p.fullname, type: 'user' })),
      createdAt: now,
    })),
  );
  await repo.insertMessages(
    run.tx,
    people.map((p) => ({
      tenantId: run.tenantId,
      id: newId(),
      receiverId: p.id,
      subject: run.instance.subject,
      content: node.name || node.id,
      link: `/matter/approvalForm?instId=${run.instance.id}`,
    })),
  );
}

/** Records an opinion that belongs to no task (a submit, a countersign result, a withdrawal), handled now. */
async function recordNodeOpinion(
  run: Run,
  node: FlowNode,
  status: string,
  by: { id: string; name: string } | null,
  opinion?: string,
) {
  await repo.insertOpinion(run.tx, {
    tenantId: run.tenantId,
    id: newId(),
    instanceId: run.instance.id,
    nodeId: node.id,
    taskName: node.name || node.id,
    status,
    auditorId: by?.id ?? null,
    auditorName: by?.name ?? null,
    qualfieds: [],
    opinion: opinion?.trim() || null,
    completedAt: new Date(),
    durMs: 0,
  });
}

/** Whether no other token of the instance can still arrive at the join. */
async function joinComplete(run: Run, join: FlowNode): Promise<boolean> {
  const tokens = await repo.tokensOf(run.tx, run.tenantId, run.instance.id);
  const elsewhere = tokens.filter((t) => t.nodeId !== join.id).map((t) => t.nodeId);
  return !reachableFrom(run.def.model, elsewhere).has(join.id);
}

/** Moves the instance on from a node: through gateways and sub-processes, into user tasks, joins and ends. */
async function moveOn(run: Run, fromNodeId: string) {
  const model = run.def.model;
  const queue = takenTargets(run, fromNodeId);
  let waits = 0;
  while (queue.length > 0) {
    const node = requireNode(model, queue.shift()!);
    if (isUserTaskType(node.type)) {
      await enterUserTask(run, node);
    } else if (node.type === 'END') {
      if (node.parentId) queue.push(...takenTargets(run, node.parentId));
    } else if (node.type === 'SUBPROCESS') {
      queue.push(
        ...nodesIn(model, node.id)
          .filter((n) => n.type === 'START')
          .map((n) => n.id),
      );
    } else if (isJoin(run, node)) {
      // Branches still being walked in this pass arrive first.
      if (queue.some((id) => !isJoin(run, requireNode(model, id))) && waits++ < queue.length * 2) {
        queue.push(node.id);
        continue;
      }
      await repo.insertToken(run.tx, run.tenantId, run.instance.id, node.id, 'joining');
      if (await joinComplete(run, node)) {
        const arrived = (await repo.tokensOf(run.tx, run.tenantId, run.instance.id)).filter(
          (t) => t.nodeId === node.id,
        );
        await repo.deleteTokens(
          run.tx,
          run.tenantId,
          arrived.map((t) => t.id),
        );
        queue.push(...takenTargets(run, node.id));
      }
    } else if (node.type === 'SERVICETASK' || node.type === 'CALLACTIVITY') {
      throw new AppError(422, 'flow.nodeNotYetRunnable', { node: node.name || node.id, type: node.type });
    } else {
      queue.push(...takenTargets(run, node.id));
    }
  }
  const left = await repo.tokensOf(run.tx, run.tenantId, run.instance.id);
  if (left.length === 0) {
    await repo.updateInstance(run.tx, run.tenantId, run.instance.id, { status: 'end', endAt: new Date() });
  }
}

function subjectOf(template: string | undefined, defName: string, initiatorName: string, data: FormData) {
  if (!template) return `${initiatorName}的${defName}`;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'initiatorName') return initiatorName;
    if (name === 'defName') return defName;
    const value = data[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** Starts an instance of a flow's main version (or a given version) with the initiator's form data. */
export async function startInstance(
  db: Db,
  auth: AuthContext,
  input: { defId?: string; flowKey?: string; data?: FormData; subject?: string },
) {
  return db.transaction(async (tx) => {
    const defRow = input.defId
      ? { id: input.defId }
      : await findMainByKey(tx, auth.tenantId, input.flowKey ?? '');
    if (!defRow) throw notFound('flow.definitionNotFound', { id: input.flowKey ?? input.defId ?? '' });
    const def = await loadDefinition(tx, auth.tenantId, defRow.id);
    const initiator = await findUserById(tx, auth.tenantId, auth.userId);
    if (!initiator) throw forbidden();
    const start = nodesIn(def.model, null).find((n) => n.type === 'START')!;
    const data = mergeData(
      {},
      input.data ?? {},
      settingsOf(def.settings, start.id)?.fieldPermissions ?? {},
      'w',
    );
    const instance: repo.InstanceRow = {
      tenantId: auth.tenantId,
      id: newId(),
      defId: def.row.id,
      defKey: def.row.defKey,
      defName: def.row.name,
      subject:
        input.subject?.trim() ||
        subjectOf(def.settings.global?.subjectTemplate, def.row.name, initiator.fullname, data),
      status: 'running',
      initiatorId: initiator.id,
      initiatorName: initiator.fullname,
      data,
      createdAt: new Date(),
      endAt: null,
    };
    await repo.insertInstance(tx, instance);
    const run: Run = {
      tx,
      tenantId: auth.tenantId,
      def,
      instance,
      actor: { id: initiator.id, name: initiator.fullname },
    };
    await recordNodeOpinion(run, start, 'submit', run.actor);
    await moveOn(run, start.id);
    return { instId: instance.id, subject: instance.subject };
  });
}

/** Locks the task's instance and checks the task is still waiting and the caller may handle it. */
async function openTask(tx: Executor, auth: AuthContext, taskId: string) {
  const task = await repo.findTask(tx, auth.tenantId, taskId);
  if (!task) throw notFound('flow.taskNotFound', { id: taskId });
  const instance = await repo.lockInstance(tx, auth.tenantId, task.instanceId);
  const current = await repo.findTask(tx, auth.tenantId, taskId);
  if (!instance || !current || current.status !== 'pending') throw conflict('flow.taskHandled');
  if (!(await repo.isCandidate(tx, auth.tenantId, taskId, auth.userId))) throw forbidden('flow.notYourTask');
  const def = await loadDefinition(tx, auth.tenantId, instance.defId);
  const actor = await findUserById(tx, auth.tenantId, auth.userId);
  const run: Run = {
    tx,
    tenantId: auth.tenantId,
    def,
    instance,
    actor: { id: auth.userId, name: actor?.fullname ?? auth.account },
  };
  return { task: current, run };
}

/** spec §4 countersign: passed, failed, or still voting, by the node's rule. */
function countersignOutcome(
  rule: CountersignRule | undefined,
  votes: string[],
  total: number,
): 'pass' | 'fail' | 'open' {
  const agree = votes.filter((v) => v === 'agree').length;
  const oppose = votes.length - agree;
  const open = total - votes.length;
  switch (rule?.mode ?? 'all') {
    case 'firstVote':
      return votes.length === 0 ? 'open' : votes[0] === 'agree' ? 'pass' : 'fail';
    case 'ratio': {
      const ratio = rule?.ratio ?? 100;
      if ((agree / total) * 100 >= ratio) return 'pass';
      return ((agree + open) / total) * 100 < ratio ? 'fail' : 'open';
    }
    case 'oneVeto':
    case 'all':
      if (oppose > 0) return 'fail';
      return open === 0 ? 'pass' : 'open';
  }
}

export type CompleteAction = 'agree' | 'oppose' | 'reject' | 'backToStart';

/**
 * Handles a task: agree or oppose (a countersign counts the vote; a plain task moves on either way,
 * the opinion recording the stand), or reject to an earlier node / back to the initiator. A task that
 * is no longer pending answers 409: of several people completing it at once exactly one succeeds.
 */
export async function completeTask(
  db: Db,
  auth: AuthContext,
  input: {
    taskId: string;
    actionName: CompleteAction;
    opinion?: string;
    data?: FormData;
    destination?: string;
    backHandMode?: 'direct' | 'normal';
  },
) {
  return db.transaction(async (tx) => {
    const { task, run } = await openTask(tx, auth, input.taskId);
    const node = requireNode(run.def.model, task.nodeId);
    const permissions = nodeSettings(run, node.id)?.fieldPermissions ?? {};
    if (input.actionName === 'reject' || input.actionName === 'backToStart') {
      await reject(run, task, node, input);
      return { instId: run.instance.id };
    }
    const data = mergeData(
      run.instance.data as FormData,
      input.data,
      permissions,
      node.type === 'START' ? 'w' : 'r',
    );
    if (data !== run.instance.data) {
      await repo.updateInstance(tx, run.tenantId, run.instance.id, { data });
      run.instance = { ...run.instance, data };
    }
    const resubmit = node.type === 'START';
    await repo.closeTasks(tx, run.tenantId, [task.id], {
      status: 'done',
      completedBy: auth.userId,
      action: input.actionName,
    });
    await repo.completeOpinion(tx, run.tenantId, task.id, {
      status: resubmit ? 'resubmit' : input.actionName,
      auditorId: auth.userId,
      auditorName: run.actor.name,
      opinion: input.opinion?.trim() || null,
    });
    if (task.signBatch) {
      const batch = await repo.batchTasks(tx, run.tenantId, task.signBatch);
      const votes = batch.filter((t) => t.status === 'done').map((t) => t.action ?? '');
      const outcome = countersignOutcome(nodeSettings(run, node.id)?.countersign, votes, batch.length);
      if (outcome === 'open') return { instId: run.instance.id };
      const unvoted = batch.filter((t) => t.status === 'pending').map((t) => t.id);
      await repo.closeTasks(tx, run.tenantId, unvoted, { status: 'cancelled' });
      await repo.deleteWaitingOpinions(tx, run.tenantId, unvoted);
      await recordNodeOpinion(run, node, outcome === 'pass' ? 'sign_pass' : 'sign_no_pass', null);
      await repo.deleteTokens(tx, run.tenantId, [task.tokenId]);
      if (outcome === 'fail') {
        await sendBack(run, startNodeOf(run), null, 'backToStart');
        return { instId: run.instance.id };
      }
    } else {
      const [token] = (await repo.tokensOf(tx, run.tenantId, run.instance.id)).filter(
        (t) => t.id === task.tokenId,
      );
      await repo.deleteTokens(tx, run.tenantId, [task.tokenId]);
      if (resubmit) {
        await repo.updateInstance(tx, run.tenantId, run.instance.id, { status: 'running' });
        if (token?.returnToNodeId) {
          await enterUserTask(run, requireNode(run.def.model, token.returnToNodeId));
          return { instId: run.instance.id };
        }
      }
    }
    await moveOn(run, node.id);
    return { instId: run.instance.id };
  });
}

const startNodeOf = (run: Run) => nodesIn(run.def.model, null).find((n) => n.type === 'START')!;

async function reject(
  run: Run,
  task: repo.TaskRow,
  node: FlowNode,
  input: {
    actionName: CompleteAction;
    opinion?: string;
    destination?: string;
    backHandMode?: 'direct' | 'normal';
  },
) {
  let target: FlowNode;
  if (input.actionName === 'backToStart') {
    target = startNodeOf(run);
  } else {
    const allowed = rejectTargets(run.def.model, node.id);
    const handled = await repo.handledNodes(run.tx, run.tenantId, run.instance.id);
    const destination = input.destination ?? handled.find((id) => allowed.some((n) => n.id === id));
    const chosen = allowed.find((n) => n.id === destination);
    target = chosen ?? startNodeOf(run);
    if (input.destination && !chosen)
      throw new AppError(400, 'flow.badRejectTarget', { node: input.destination });
  }
  await repo.closeTasks(run.tx, run.tenantId, [task.id], {
    status: 'done',
    completedBy: run.actor.id,
    action: input.actionName,
  });
  await repo.completeOpinion(run.tx, run.tenantId, task.id, {
    status: target.type === 'START' ? 'backToStart' : 'reject',
    auditorId: run.actor.id,
    auditorName: run.actor.name,
    opinion: input.opinion?.trim() || null,
  });
  await sendBack(
    run,
    target,
    input.backHandMode === 'direct' ? node.id : null,
    target.type === 'START' ? 'backToStart' : 'back',
  );
}

/**
 * Sends the instance back to an earlier node: every open task and token ends, and the node is handled
 * again by the person who handled it last (the initiator for the start). With direct return the
 * resubmission goes straight back to the node that sent it.
 */
async function sendBack(
  run: Run,
  target: FlowNode,
  returnToNodeId: string | null,
  status: 'back' | 'backToStart',
) {
  await clearOpenWork(run);
  await repo.updateInstance(run.tx, run.tenantId, run.instance.id, { status });
  run.instance = { ...run.instance, status };
  const handler =
    target.type === 'START'
      ? run.instance.initiatorId
      : ((await repo.lastHandlerOf(run.tx, run.tenantId, run.instance.id, target.id))?.userId ?? undefined);
  await enterUserTask(run, target, returnToNodeId, handler);
}

/** Opens an instance for its initiator or a former handler: locked, with its definition. */
async function openInstance(tx: Executor, auth: AuthContext, instId: string): Promise<Run> {
  const instance = await repo.lockInstance(tx, auth.tenantId, instId);
  if (!instance) throw notFound('flow.instanceNotFound', { id: instId });
  const def = await loadDefinition(tx, auth.tenantId, instance.defId);
  const actor = await findUserById(tx, auth.tenantId, auth.userId);
  return {
    tx,
    tenantId: auth.tenantId,
    def,
    instance,
    actor: { id: auth.userId, name: actor?.fullname ?? auth.account },
  };
}

/** Ends every open task and token of the instance (their waiting opinions go with them). */
async function clearOpenWork(run: Run) {
  const open = await repo.pendingTasksOf(run.tx, run.tenantId, run.instance.id);
  await repo.closeTasks(
    run.tx,
    run.tenantId,
    open.map((t) => t.id),
    { status: 'cancelled' },
  );
  await repo.deleteWaitingOpinions(
    run.tx,
    run.tenantId,
    open.map((t) => t.id),
  );
  const tokens = await repo.tokensOf(run.tx, run.tenantId, run.instance.id);
  await repo.deleteTokens(
    run.tx,
    run.tenantId,
    tokens.map((t) => t.id),
  );
}

/**
 * The initiator withdraws a running request while nobody has acted on it since it was submitted: the
 * waiting tasks end and the request comes back to the initiator to change and resubmit.
 */
export async function revokeInstance(db: Db, auth: AuthContext, input: { instId: string; opinion?: string }) {
  return db.transaction(async (tx) => {
    const run = await openInstance(tx, auth, input.instId);
    if (run.instance.initiatorId !== auth.userId)
      throw notFound('flow.instanceNotFound', { id: input.instId });
    const last = await repo.lastHandledOpinion(tx, run.tenantId, run.instance.id);
    const untouched = last && ['submit', 'resubmit'].includes(last.status);
    if (run.instance.status !== 'running' || !untouched) throw conflict('flow.cannotRevoke');
    await clearOpenWork(run);
    const start = startNodeOf(run);
    await recordNodeOpinion(run, start, 'recoverToStart', run.actor, input.opinion);
    await repo.updateInstance(tx, run.tenantId, run.instance.id, { status: 'revokeToStart' });
    run.instance = { ...run.instance, status: 'revokeToStart' };
    await enterUserTask(run, start, null, auth.userId);
    return { instId: run.instance.id };
  });
}

/**
 * The person who handled the latest step takes it back while the step it led to is untouched: the
 * waiting tasks end and their own task comes back to them.
 */
export async function retrieveTask(db: Db, auth: AuthContext, input: { taskId: string }) {
  return db.transaction(async (tx) => {
    const handled = await repo.findTask(tx, auth.tenantId, input.taskId);
    if (!handled || handled.completedBy !== auth.userId)
      throw notFound('flow.taskNotFound', { id: input.taskId });
    const run = await openInstance(tx, auth, handled.instanceId);
    const last = await repo.lastHandledOpinion(tx, run.tenantId, run.instance.id);
    const untouched = last?.taskId === handled.id && ['agree', 'oppose'].includes(last.status);
    if (!['running', 'back'].includes(run.instance.status) || !untouched || handled.signBatch) {
      throw conflict('flow.cannotRetrieve');
    }
    await clearOpenWork(run);
    const node = requireNode(run.def.model, handled.nodeId);
    await recordNodeOpinion(run, node, 'recover', run.actor);
    await repo.updateInstance(tx, run.tenantId, run.instance.id, { status: 'running' });
    await enterUserTask(run, node, null, auth.userId);
    return { instId: run.instance.id };
  });
}
