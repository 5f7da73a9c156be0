import { ROUTE_PREVIEW_CANDIDATES, type QueryFilter } from '@eip/contracts';
import type { Language } from '@eip/contracts/codes';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { conditionTest } from '../../flow/conditions.js';
import { endsAfter, nextUserTaskNodes, routeKnownAfter } from '../../flow/graph.js';
import type { FlowNode } from '../../flow/model.js';
import { settingsOf } from '../../flow/settings-schema.js';
import type { AuthContext } from '../../security/tokens.js';
import { secretariesOf } from '../bpm-personal/secretary.repository.js';
import { pageCandidates } from './candidates.js';
import { candidatesOf } from './engine/advance.js';
import type { FormData } from './engine/forms.js';
import { personOf, runOf, type Run } from './engine/run.js';
import { initiatorFor, newInstanceRow, startNodeOfDefinition } from './engine/start.js';
import { agentsOf } from './engine/tasks.js';
import { definitionFor } from './query.service.js';
import * as repo from './runtime.repository.js';
import { visibleTask } from './visibility.js';

/**
 * What lies ahead of a task or a start, computed by the engine from the form data being submitted: the
 * next user-task nodes and their candidates (getAfterJumpNodes, nextExecutor), whether the instance ends
 * (isEnd).
 */

type AheadInput = {
  taskId?: string;
  leaderId?: string;
  defId?: string;
  flowKey?: string;
  /** a start for this leader of the caller's (spec §6) */
  leadId?: string;
  data?: FormData;
};

/** The run as it would be with the submitted data merged in, and the node the walk starts from. */
async function runWith(db: Db, auth: AuthContext, lang: Language, input: AheadInput) {
  if (input.taskId) {
    const task = await visibleTask(db, auth, input.taskId, input.leaderId);
    const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
    const run = await runOf(
      db,
      { ...instance, data: { ...(instance.data as FormData), ...input.data } },
      await personOf(db, auth),
    );
    return { run, task, fromNodeId: task.nodeId };
  }
  // definitionFor checks the start right of the initiator: the leader, for a secretary starting for them
  const { def } = await definitionFor(db, auth, input);
  const initiator = await initiatorFor(db, auth, input.leadId);
  const run = await runOf(
    db,
    newInstanceRow(auth, lang, def, initiator, input.data ?? {}, {}, 'draft'),
    initiator,
  );
  return { run, task: undefined, fromNodeId: startNodeOfDefinition(def).id };
}

const testOf = (run: Run) =>
  conditionTest({ form: run.instance.data as FormData, vars: run.instance.vars as Record<string, unknown> });

/** The user-task nodes ahead; none when the conditions find no way on (completing would say why). */
function aheadOf(run: Run, fromNodeId: string): FlowNode[] {
  try {
    return nextUserTaskNodes(run.def.model, fromNodeId, testOf(run));
  } catch {
    return [];
  }
}

async function nodesAhead(run: Run, fromNodeId: string, everyCandidate: boolean) {
  return Promise.all(
    aheadOf(run, fromNodeId).map(async (node) => {
      const selectUsers = Boolean(settingsOf(run.def.settings, node.id)?.selectUsers);
      return {
        nodeId: node.id,
        name: node.name || node.id,
        nodeType: node.type,
        selectUsers,
        candidates:
          selectUsers || everyCandidate
            ? (await candidatesOf(run, node)).map((p) => ({ id: p.id, fullname: p.name }))
            : [],
      };
    }),
  );
}

/**
 * getAfterJumpNodes: the user-task nodes the instance moves to next (with the data being submitted),
 * and for those that let the handler pick, the candidates to pick from. For a start: by definition.
 */
export async function nextNodes(db: Db, auth: AuthContext, lang: Language, input: AheadInput) {
  const { run, fromNodeId } = await runWith(db, auth, lang, input);
  return nodesAhead(run, fromNodeId, false);
}

/**
 * getNodeCandidatePage: a page of the candidates of one node ahead that lets the handler pick — the node
 * and the caller checked as getAfterJumpNodes checks them; any other node is refused.
 */
export async function nodeCandidatePage(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: AheadInput & QueryFilter & { nodeId: string },
) {
  const { run, fromNodeId } = await runWith(db, auth, lang, input);
  const node = aheadOf(run, fromNodeId).find((n) => n.id === input.nodeId);
  if (!node || !settingsOf(run.def.settings, node.id)?.selectUsers) {
    throw badRequest('flow.cannotPickHandlers', { node: input.nodeId });
  }
  const candidates = await candidatesOf(run, node);
  return pageCandidates(
    db,
    auth.tenantId,
    candidates.map((p) => p.id),
    input,
  );
}

/** nextExecutor: who handles next after a task — every node ahead with all its candidates. */
export async function nextExecutors(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { taskId: string; leaderId?: string },
) {
  const { run, fromNodeId } = await runWith(db, auth, lang, input);
  return nodesAhead(run, fromNodeId, true);
}

/** One node of a route step: its first candidates, each with their agents and secretaries now. */
async function routeNode(run: Run, node: FlowNode) {
  const candidates = await candidatesOf(run, node);
  const named = candidates.slice(0, ROUTE_PREVIEW_CANDIDATES);
  const agents = await agentsOf(run, named, new Date());
  const secretaries = await secretariesOf(
    run.tx,
    run.tenantId,
    named.map((p) => p.id),
  );
  const people = (list: readonly { id: string; name: string }[] = []) =>
    list.map((p) => ({ id: p.id, fullname: p.name }));
  return {
    nodeId: node.id,
    name: node.name || node.id,
    nodeType: node.type,
    selectUsers: Boolean(settingsOf(run.def.settings, node.id)?.selectUsers),
    candidateCount: candidates.length,
    candidates: named.map((p) => ({
      id: p.id,
      fullname: p.name,
      agents: people(agents.get(p.id)),
      secretaries: secretaries
        .filter((s) => s.leaderId === p.id)
        .map((s) => ({ id: s.id, fullname: s.fullname })),
    })),
  };
}

/**
 * routePreview: the whole way from a task (or a start) to the end, by the data being submitted. Each
 * step holds the user-task nodes reached together (parallel branches side by side); a node is shown
 * once, so a loop back ends the walk. The engine decides every gateway as completing would.
 */
export async function routePreview(db: Db, auth: AuthContext, lang: Language, input: AheadInput) {
  const { run, fromNodeId } = await runWith(db, auth, lang, input);
  const test = testOf(run);
  const shown = new Set([fromNodeId]);
  const steps: FlowNode[][] = [];
  let from = [fromNodeId];
  for (;;) {
    const reached = new Map(from.flatMap((id) => aheadOf(run, id)).map((node) => [node.id, node]));
    const step = [...reached.values()].filter((node) => !shown.has(node.id));
    if (step.length === 0) break;
    for (const node of step) shown.add(node.id);
    steps.push(step);
    from = step.map((node) => node.id);
  }
  const reachesEnd = [...shown].every((id) => {
    try {
      return routeKnownAfter(run.def.model, id, test);
    } catch {
      return false; // no way on: completing would say why
    }
  });
  const named = [];
  for (const step of steps) named.push(await Promise.all(step.map((node) => routeNode(run, node))));
  return { steps: named, reachesEnd };
}

/**
 * isEnd: whether agreeing to the task now ends the instance — its node is left (no other voter of its
 * countersign round is still to vote), nothing but the end lies ahead, and no other branch is open.
 */
export async function endsWithTask(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { taskId: string; leaderId?: string; data?: FormData },
) {
  const { run, task, fromNodeId } = await runWith(db, auth, lang, input);
  if (!task || task.status !== 'pending') return false;
  if (task.signBatch) {
    const others = await repo.batchTasks(db, auth.tenantId, task.signBatch);
    if (others.some((t) => t.id !== task.id && (t.status === 'pending' || t.status === 'waiting')))
      return false;
    const token = await repo.findToken(db, auth.tenantId, task.tokenId);
    if (((token?.sequence as string[] | null) ?? []).length > 0) return false;
  }
  const tokens = await repo.tokensOf(db, auth.tenantId, run.instance.id);
  if (tokens.some((t) => t.id !== task.tokenId)) return false;
  try {
    return endsAfter(run.def.model, fromNodeId, testOf(run));
  } catch {
    return false;
  }
}
