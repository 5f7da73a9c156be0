import { isUserTaskType } from '@eip/contracts/flow';
import { newId } from '../../../db/ids.js';
import { AppError } from '../../../errors.js';
import { incomingFlows, nodesIn, reachableFrom, requireNode } from '../../../flow/graph.js';
import type { FlowNode } from '../../../flow/model.js';
import { scheduleJob } from '../../../jobs/queue.js';
import { findUsersByIds } from '../../uc/user.repository.js';
import { expandCandidates, tenantAdmins } from '../candidates.js';
import { findMainByKey } from '../definition.repository.js';
import { loadDefinition } from '../definitions.js';
import * as repo from '../runtime.repository.js';
import { findServiceCallOfToken, insertServiceCall } from '../service-call.repository.js';
import { clearAllWork } from './clear.js';
import {
  isLive,
  nodeName,
  nodeSettings,
  patchInstance,
  runOf,
  scopeOf,
  takenTargets,
  type Person,
  type Run,
} from './run.js';
import { createTasks } from './tasks.js';
import type { FormData } from './forms.js';
import { recordNodeOpinion } from './opinions.js';

const toPeople = (rows: { id: string; fullname: string }[]): Person[] =>
  rows.map((r) => ({ id: r.id, name: r.fullname }));

/** The people a node's candidate rules find now, for this instance (the tenant's administrators when nobody). */
export async function candidatesOf(run: Run, node: FlowNode): Promise<Person[]> {
  const rules = nodeSettings(run, node.id)?.candidates ?? [];
  const found = await expandCandidates(
    run.tx,
    {
      tenantId: run.tenantId,
      initiatorId: run.instance.initiatorId,
      initiatorPostId: run.instance.initiatorPostId,
      previousHandlerId: rules.some((c) => c.type === 'previousHandler')
        ? await repo.latestHandler(run.tx, run.tenantId, run.instance.id)
        : null,
      scope: scopeOf(run),
    },
    rules,
  );
  return toPeople(found.length ? found : await tenantAdmins(run.tx, run.tenantId));
}

/**
 * Who handles a node now: the handlers the previous handler picked (nodeUsers, only where the node lets
 * them pick, and only among its candidates), else every candidate.
 */
async function handlersOf(run: Run, node: FlowNode): Promise<Person[]> {
  const candidates = await candidatesOf(run, node);
  const picked = run.nodeUsers[node.id];
  if (!picked || picked.length === 0) return candidates;
  const byId = new Map(candidates.map((p) => [p.id, p]));
  const chosen = picked.map((id) => byId.get(id));
  if (chosen.some((p) => p === undefined))
    throw new AppError(400, 'flow.notACandidate', { node: nodeName(node) });
  return chosen as Person[];
}

/** Checks that handlers were picked only for nodes that let the acting person pick them. */
export function checkNodeUsers(run: Run, nodeUsers: Record<string, string[]> | undefined) {
  for (const nodeId of Object.keys(nodeUsers ?? {})) {
    if (!run.def.model.nodes.has(nodeId) || !nodeSettings(run, nodeId)?.selectUsers) {
      throw new AppError(400, 'flow.cannotPickHandlers', { node: nodeId });
    }
  }
  run.nodeUsers = nodeUsers ?? {};
}

/**
 * Enters a user-task node: a task for its handlers (one shared task), one task per voter (parallel
 * countersign), or the first voter's task with the others queued (sequential countersign).
 * `onlyUser` gives the node to one person (a send-back to who handled it last).
 */
export async function enterUserTask(
  run: Run,
  node: FlowNode,
  options: { returnToNodeId?: string | null; onlyUser?: Person } = {},
) {
  const people = options.onlyUser ? [options.onlyUser] : await handlersOf(run, node);
  const sequential = node.type === 'CUSTOMSIGNTASK' && people.length > 1;
  const token = await repo.insertToken(run.tx, {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    nodeId: node.id,
    originTaskId: run.originTaskId,
    state: 'active',
    returnToNodeId: options.returnToNodeId ?? null,
    sequence: sequential ? people.slice(1).map((p) => p.id) : null,
  });
  if (node.type === 'USERTASK' || node.type === 'START') {
    await createTasks(run, [{ node, tokenId: token.id, people }]);
    return;
  }
  const signBatch = newId();
  const voters = sequential ? people.slice(0, 1) : people;
  await createTasks(
    run,
    voters.map((voter) => ({ node, tokenId: token.id, people: [voter], signBatch, assigneeId: voter.id })),
  );
}

/** Whether no other token of the instance can still arrive at the join. */
async function joinComplete(run: Run, join: FlowNode): Promise<boolean> {
  const tokens = await repo.tokensOf(run.tx, run.tenantId, run.instance.id);
  const elsewhere = tokens.filter((t) => t.nodeId !== join.id).map((t) => t.nodeId);
  return !reachableFrom(run.def.model, elsewhere).has(join.id);
}

const isJoin = (run: Run, node: FlowNode) =>
  (node.type === 'PARALLELGATEWAY' || node.type === 'INCLUSIVEGATEWAY') &&
  incomingFlows(run.def.model, node.id).length > 1;

/** A service task waits for its call, which a job makes (and retries) outside the user's command. */
async function enterServiceTask(run: Run, node: FlowNode) {
  const token = await repo.insertToken(run.tx, {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    nodeId: node.id,
    originTaskId: run.originTaskId,
    state: 'waiting',
  });
  const serviceCallId = await insertServiceCall(run.tx, {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    tokenId: token.id,
    nodeId: node.id,
  });
  await scheduleServiceCall(run, node, serviceCallId);
}

/** The job of a service call: now, retried as the node's settings allow; one pending job per call. */
export async function scheduleServiceCall(run: Run, node: FlowNode, serviceCallId: string) {
  const settings = nodeSettings(run, node.id)?.serviceTask;
  await scheduleJob(run.tx, {
    tenantId: run.tenantId,
    kind: 'service.call',
    payload: { serviceCallId },
    runAt: new Date(),
    maxAttempts: (settings?.kind === 'http' ? (settings.retries ?? 0) : 0) + 1,
    dedupeKey: `service:${serviceCallId}`,
  });
}

/** Maps parent fields into a child's data (a call activity's dataMapping). */
function mapData(parent: FormData, mapping: readonly { from: string; to: string }[] | undefined): FormData {
  const child: FormData = {};
  for (const { from, to } of mapping ?? []) if (from in parent) child[to] = parent[from];
  return child;
}

/** A call activity starts a child instance of the called flow's main version and waits for it to end. */
async function enterCallActivity(run: Run, node: FlowNode) {
  const settings = nodeSettings(run, node.id)?.callActivity;
  const flowKey = settings?.flowKey ?? node.calledElement ?? '';
  const main = await findMainByKey(run.tx, run.tenantId, flowKey);
  if (!main) throw new AppError(422, 'flow.calledFlowMissing', { node: nodeName(node), key: flowKey });
  const token = await repo.insertToken(run.tx, {
    tenantId: run.tenantId,
    instanceId: run.instance.id,
    nodeId: node.id,
    originTaskId: run.originTaskId,
    state: 'waiting',
  });
  const def = await loadDefinition(run.tx, run.tenantId, main.id);
  const now = new Date();
  const child: repo.InstanceRow = {
    tenantId: run.tenantId,
    id: newId(),
    defId: def.row.id,
    defKey: def.row.defKey,
    defName: def.row.name,
    subject: `${run.instance.subject} - ${def.row.name}`,
    status: 'running',
    initiatorId: run.instance.initiatorId,
    initiatorName: run.instance.initiatorName,
    initiatorPostId: run.instance.initiatorPostId,
    data: mapData(run.instance.data as FormData, settings?.dataMapping),
    vars: {},
    businessKey: run.instance.businessKey,
    boAlias: run.instance.boAlias,
    flowType: def.row.flowType,
    suspended: false,
    parentInstanceId: run.instance.id,
    parentNodeId: node.id,
    parentTokenId: token.id,
    rootInstanceId: run.instance.rootInstanceId ?? run.instance.id,
    createdAt: now,
    updatedAt: now,
    endAt: null,
  };
  await repo.insertInstance(run.tx, child);
  const childRun = await runOf(run.tx, child, run.actor);
  const start = nodesIn(def.model, null).find((n) => n.type === 'START')!;
  await recordNodeOpinion(childRun, start, 'submit', { id: child.initiatorId, name: child.initiatorName });
  await moveOn(childRun, start.id);
}

/**
 * Moves the instance on from a node: through gateways and embedded sub-processes, into user tasks,
 * service tasks and call activities, joins and ends. Ends the instance when no token is left.
 */
export async function moveOn(run: Run, fromNodeId: string) {
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
      await repo.insertToken(run.tx, {
        tenantId: run.tenantId,
        instanceId: run.instance.id,
        nodeId: node.id,
        originTaskId: run.originTaskId,
        state: 'joining',
      });
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
    } else if (node.type === 'SERVICETASK') {
      await enterServiceTask(run, node);
    } else if (node.type === 'CALLACTIVITY') {
      await enterCallActivity(run, node);
    } else {
      queue.push(...takenTargets(run, node.id));
    }
  }
  await endWhenNoTokenLeft(run);
}

const endPatch = (status: 'end' | 'manualend') => ({ status, endAt: new Date(), suspended: false });

/** Ends the instance when nothing is left to do (no token left), in one statement. */
async function endWhenNoTokenLeft(run: Run) {
  if (run.instance.status === 'end') return;
  const patch = endPatch('end');
  if (!(await repo.endInstanceWithoutTokens(run.tx, run.tenantId, run.instance.id, patch))) return;
  run.instance = { ...run.instance, ...patch };
  await afterEnd(run, 'end');
}

/**
 * Ends an instance, finished (end) or terminated (manualend). A call activity's child then lets its
 * parent go on when it finished, and takes the parent along when it was terminated. A suspended parent
 * waits: resuming it takes up what its children did meanwhile (resumeWaitingWork).
 */
export async function endInstance(run: Run, status: 'end' | 'manualend') {
  await patchInstance(run, endPatch(status));
  await afterEnd(run, status);
}

/** What follows the end of an instance: its parent's part (see endInstance). */
async function afterEnd(run: Run, status: 'end' | 'manualend') {
  const { parentInstanceId, parentTokenId } = run.instance;
  if (!parentInstanceId || !parentTokenId) return;
  const parent = await repo.lockInstance(run.tx, run.tenantId, parentInstanceId);
  if (!parent || parent.suspended || !isLive(parent)) return;
  const token = await repo.findToken(run.tx, run.tenantId, parentTokenId);
  if (token) await afterChild(await runOf(run.tx, parent, run.actor), token, status);
}

/** A parent whose call activity's child ended: on along the flow, or terminated with it. */
async function afterChild(parent: Run, token: repo.TokenRow, childStatus: string) {
  const node = requireNode(parent.def.model, token.nodeId);
  parent.originTaskId = null;
  if (childStatus === 'end') {
    await continueFrom(parent, node, token.id);
    return;
  }
  await clearAllWork(parent);
  await recordNodeOpinion(parent, node, 'manual_end', null);
  await endInstance(parent, 'manualend');
}

/**
 * What a suspended instance's automatic steps did or could not do while it was suspended: a child that
 * ended meanwhile lets it go on (or takes it along), a service call that succeeded moves it on, and one
 * still waiting gets its job again.
 */
export async function resumeWaitingWork(run: Run) {
  const waiting = (await repo.tokensOf(run.tx, run.tenantId, run.instance.id)).filter(
    (t) => t.state === 'waiting',
  );
  for (const token of waiting) {
    const node = requireNode(run.def.model, token.nodeId);
    if (node.type === 'CALLACTIVITY') {
      const child = (await repo.childInstances(run.tx, run.tenantId, run.instance.id, node.id)).find(
        (c) => c.parentTokenId === token.id,
      );
      if (child && !isLive(child)) await afterChild(run, token, child.status);
    } else if (node.type === 'SERVICETASK') {
      const serviceCall = await findServiceCallOfToken(run.tx, run.tenantId, token.id);
      if (serviceCall?.status === 1) await serviceCallDone(run, node, token.id);
      else if (serviceCall?.status === -1) await scheduleServiceCall(run, node, serviceCall.id);
    }
  }
}

/** A service call succeeded: its node is complete and the instance moves on. */
export async function serviceCallDone(run: Run, node: FlowNode, tokenId: string) {
  await recordNodeOpinion(run, node, 'complete', null);
  await continueFrom(run, node, tokenId);
}

/** The active users among the given ids (people who left are skipped). */
export async function activePeopleAmong(run: Run, ids: readonly string[]): Promise<Person[]> {
  const rows = await findUsersByIds(run.tx, run.tenantId, [...ids]);
  return rows.filter((r) => r.status === 1).map((r) => ({ id: r.id, name: r.fullname }));
}

/** The people of a list of ids, in that order (unknown or inactive ids are refused by the caller). */
export async function peopleByIds(run: Run, ids: readonly string[]): Promise<Person[]> {
  const byId = new Map((await activePeopleAmong(run, ids)).map((p) => [p.id, p]));
  const people = ids.map((id) => byId.get(id));
  if (people.some((p) => p === undefined)) throw new AppError(400, 'flow.unknownUsers');
  return people as Person[];
}

/**
 * After a node's work is done its token goes, and the instance moves straight back to the node that
 * sent it here (a direct return after a reject), or on along the flow.
 */
export async function continueFrom(run: Run, node: FlowNode, tokenId: string) {
  const token = await repo.takeToken(run.tx, run.tenantId, tokenId);
  await leaveNode(run, node, token?.returnToNodeId ?? null);
}

/**
 * Goes on from a node whose token was taken: back to the node a send-back with direct return left in
 * the token, or along the flow.
 */
export async function leaveNode(run: Run, node: FlowNode, returnToNodeId: string | null) {
  if (returnToNodeId) {
    await enterUserTask(run, requireNode(run.def.model, returnToNodeId));
    return;
  }
  await moveOn(run, node.id);
}

/**
 * The people still to come of a token's queue (a sequential countersign, sequential add-signers), in
 * order: who is no longer active is dropped from it, so nobody waits for them.
 */
export async function activeQueue(run: Run, token: repo.TokenRow | undefined): Promise<Person[]> {
  const queued = (token?.sequence as string[] | null) ?? [];
  if (queued.length === 0) return [];
  const rows = await findUsersByIds(run.tx, run.tenantId, queued);
  const active = new Map(
    rows.filter((r) => r.status === 1).map((r) => [r.id, { id: r.id, name: r.fullname }]),
  );
  const people = queued.flatMap((id) => (active.has(id) ? [active.get(id)!] : []));
  if (people.length !== queued.length) {
    await repo.setTokenSequence(
      run.tx,
      run.tenantId,
      token!.id,
      people.map((p) => p.id),
    );
  }
  return people;
}
