import { isUserTaskType } from '@eip/contracts/flow';
import { RoutingError } from './errors.js';
import type { FlowModel, FlowNode, SequenceFlow } from './model.js';

/** Decides one condition text; bind it to an instance's data with `conditionTest` of conditions.ts. */
export type ConditionTest = (expression: string) => boolean;

interface FlowIndex {
  readonly outgoing: ReadonlyMap<string, readonly SequenceFlow[]>;
  readonly incoming: ReadonlyMap<string, readonly SequenceFlow[]>;
}

const flowIndexes = new WeakMap<FlowModel, FlowIndex>();

function group(
  flows: readonly SequenceFlow[],
  key: (flow: SequenceFlow) => string,
): Map<string, SequenceFlow[]> {
  const groups = new Map<string, SequenceFlow[]>();
  for (const flow of flows) {
    const list = groups.get(key(flow));
    if (list) list.push(flow);
    else groups.set(key(flow), [flow]);
  }
  return groups;
}

function flowIndex(model: FlowModel): FlowIndex {
  let index = flowIndexes.get(model);
  if (!index) {
    index = {
      outgoing: group(model.flows, (flow) => flow.sourceId),
      incoming: group(model.flows, (flow) => flow.targetId),
    };
    flowIndexes.set(model, index);
  }
  return index;
}

/** Flows leaving a node, in document order. */
export const outgoingFlows = (model: FlowModel, nodeId: string): readonly SequenceFlow[] =>
  flowIndex(model).outgoing.get(nodeId) ?? [];

/** Flows entering a node, in document order. */
export const incomingFlows = (model: FlowModel, nodeId: string): readonly SequenceFlow[] =>
  flowIndex(model).incoming.get(nodeId) ?? [];

export function requireNode(model: FlowModel, nodeId: string): FlowNode {
  const node = model.nodes.get(nodeId);
  if (!node) throw new RoutingError('UNKNOWN_NODE', nodeId);
  return node;
}

/** The nodes of one scope: the top level (null) or the inside of an embedded sub-process. */
export const nodesIn = (model: FlowModel, parentId: string | null): FlowNode[] =>
  [...model.nodes.values()].filter((node) => node.parentId === parentId);

const nodesOfType = (model: FlowModel, parentId: string | null, type: FlowNode['type']) =>
  nodesIn(model, parentId).filter((node) => node.type === type);

/**
 * The flows a token leaves a node by. Exclusive gateway: the first flow whose condition holds, else
 * the default. Inclusive: every flow whose condition holds, else the default. Anything else: all.
 * Throws RoutingError NO_FLOW_TAKEN when a conditional gateway finds no way on.
 */
export function takenFlows(model: FlowModel, nodeId: string, test: ConditionTest): readonly SequenceFlow[] {
  const node = requireNode(model, nodeId);
  const flows = outgoingFlows(model, nodeId);
  if (node.type !== 'EXCLUSIVEGATEWAY' && node.type !== 'INCLUSIVEGATEWAY') return flows;
  const conditional = flows.filter(
    (flow) => !flow.isDefault && (flow.condition === undefined || test(flow.condition)),
  );
  const chosen = node.type === 'EXCLUSIVEGATEWAY' ? conditional.slice(0, 1) : conditional;
  const taken = chosen.length > 0 ? chosen : flows.filter((flow) => flow.isDefault).slice(0, 1);
  if (taken.length === 0) throw new RoutingError('NO_FLOW_TAKEN', nodeId);
  return taken;
}

type FlowChoice = (nodeId: string) => readonly SequenceFlow[];

/**
 * The nodes a token passes after leaving a node, in the order it reaches them: through gateways, service
 * tasks and embedded sub-processes, never past a node `stopsAt` holds for, a call activity or the
 * process's end.
 */
function* nodesAfter(
  model: FlowModel,
  fromId: string,
  choose: FlowChoice,
  stopsAt: (node: FlowNode) => boolean,
) {
  const seen = new Set<string>();
  const queue = choose(fromId).map((flow) => flow.targetId);
  while (queue.length > 0) {
    const id = queue.shift() ?? '';
    if (seen.has(id)) continue;
    seen.add(id);
    const node = requireNode(model, id);
    yield node;
    if (!stopsAt(node)) queue.push(...stepsOn(model, node, choose));
  }
}

const isUserTask = (node: FlowNode) => isUserTaskType(node.type);

/** The user tasks a token would reach after a node; it stops at call activities and ends. */
const userTasksAhead = (model: FlowModel, fromId: string, choose: FlowChoice) =>
  [...nodesAfter(model, fromId, choose, isUserTask)].filter(isUserTask);

function stepsOn(model: FlowModel, node: FlowNode, choose: FlowChoice): string[] {
  switch (node.type) {
    case 'CALLACTIVITY':
      return [];
    case 'SUBPROCESS':
      return nodesOfType(model, node.id, 'START').map((start) => start.id);
    case 'END':
      return node.parentId === null ? [] : choose(node.parentId).map((flow) => flow.targetId);
    default:
      return choose(node.id).map((flow) => flow.targetId);
  }
}

/** The user-task nodes the instance moves to after a node, deciding gateway conditions with `test`. */
export function nextUserTaskNodes(model: FlowModel, nodeId: string, test: ConditionTest): FlowNode[] {
  requireNode(model, nodeId);
  return userTasksAhead(model, nodeId, (id) => takenFlows(model, id, test));
}

const holdsUp = (node: FlowNode) =>
  isUserTaskType(node.type) || node.type === 'CALLACTIVITY' || node.type === 'SERVICETASK';

/**
 * Whether leaving a node (deciding gateway conditions with `test`) reaches nothing but the process's end:
 * no user task, call activity or service task lies on the way. The join of other open branches is the
 * caller's to know.
 */
export function endsAfter(model: FlowModel, nodeId: string, test: ConditionTest): boolean {
  requireNode(model, nodeId);
  const choose: FlowChoice = (id) => takenFlows(model, id, test);
  for (const node of nodesAfter(model, nodeId, choose, holdsUp)) if (holdsUp(node)) return false;
  return true;
}

/**
 * Whether the way on from a node is known by the data (deciding gateway conditions with `test`): every
 * branch reaches a user task or an end, with no call activity (a sub-flow's own route) on the way.
 * Throws RoutingError NO_FLOW_TAKEN when a conditional gateway finds no way on.
 */
export function routeKnownAfter(model: FlowModel, nodeId: string, test: ConditionTest): boolean {
  requireNode(model, nodeId);
  const choose: FlowChoice = (id) => takenFlows(model, id, test);
  for (const node of nodesAfter(model, nodeId, choose, isUserTask))
    if (node.type === 'CALLACTIVITY') return false;
  return true;
}

/**
 * The follow-node choices after a node (jump type `select`): the user-task nodes reachable on any
 * branch. Start, end and gateway nodes are never offered (spec §4), nor the node itself.
 */
export function afterJumpNodes(model: FlowModel, nodeId: string): FlowNode[] {
  requireNode(model, nodeId);
  return userTasksAhead(model, nodeId, (id) => outgoingFlows(model, id)).filter((node) => node.id !== nodeId);
}

interface Structure {
  readonly successors: ReadonlyMap<string, readonly string[]>;
  readonly predecessors: ReadonlyMap<string, readonly string[]>;
}

const structures = new WeakMap<FlowModel, Structure>();

function addEdge(edges: Map<string, string[]>, from: string, to: string): void {
  const list = edges.get(from);
  if (list) list.push(to);
  else edges.set(from, [to]);
}

/**
 * Every flow as an edge, plus the edges a token takes into and out of an embedded sub-process:
 * sub-process → its start, its end → the sub-process's targets. Ids without a node (unsupported
 * elements) stay plain vertices so that reachability still sees through them.
 */
function structure(model: FlowModel): Structure {
  let known = structures.get(model);
  if (known) return known;
  const successors = new Map<string, string[]>();
  const predecessors = new Map<string, string[]>();
  const link = (from: string, to: string) => {
    addEdge(successors, from, to);
    addEdge(predecessors, to, from);
  };
  for (const flow of model.flows) link(flow.sourceId, flow.targetId);
  for (const node of model.nodes.values()) {
    if (node.type !== 'SUBPROCESS') continue;
    for (const start of nodesOfType(model, node.id, 'START')) link(node.id, start.id);
    for (const end of nodesOfType(model, node.id, 'END')) {
      for (const flow of outgoingFlows(model, node.id)) link(end.id, flow.targetId);
    }
  }
  known = { successors, predecessors };
  structures.set(model, known);
  return known;
}

/** Every id reachable from the given ones along the edges, the given ones included; `blocked` is never entered. */
function reach(
  edges: ReadonlyMap<string, readonly string[]>,
  from: readonly string[],
  blocked?: string,
): Set<string> {
  const seen = new Set<string>();
  const stack = from.filter((id) => id !== blocked);
  while (stack.length > 0) {
    const id = stack.pop() ?? '';
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of edges.get(id) ?? []) if (next !== blocked && !seen.has(next)) stack.push(next);
  }
  return seen;
}

/** Ids reachable forward from the given ones (themselves included). */
export const reachableFrom = (model: FlowModel, ids: readonly string[]): Set<string> =>
  reach(structure(model).successors, ids);

/** Ids from which one of the given ones can be reached (themselves included). */
export const reachingTo = (model: FlowModel, ids: readonly string[]): Set<string> =>
  reach(structure(model).predecessors, ids);

/** The top-level start nodes. */
export const startNodes = (model: FlowModel): FlowNode[] => nodesOfType(model, null, 'START');

/** The top-level end nodes. */
export const endNodes = (model: FlowModel): FlowNode[] => nodesOfType(model, null, 'END');

/**
 * The nodes a task may be rejected back to: the user-task nodes on some path from the start to the
 * node that does not pass the node itself, so nodes after it (through a loop) or on sibling parallel
 * branches are never offered. Start, end, gateways and automatic nodes are excluded. Document order.
 */
export function rejectTargets(model: FlowModel, nodeId: string): FlowNode[] {
  requireNode(model, nodeId);
  const { successors, predecessors } = structure(model);
  const before = reach(predecessors, predecessors.get(nodeId) ?? [], nodeId);
  const fromStart = reach(
    successors,
    startNodes(model).map((start) => start.id),
    nodeId,
  );
  return [...model.nodes.values()].filter(
    (node) => isUserTaskType(node.type) && before.has(node.id) && fromStart.has(node.id),
  );
}

/**
 * Dominance by the iterative data-flow method over `edges`: for each id, the ids on every path from an
 * entry (an id with no edges into it) to it, itself included. Over successors this gives post-dominators
 * (every path to an exit); over predecessors, dominators (every path from a start).
 */
function dominanceSets(
  ids: ReadonlySet<string>,
  edges: ReadonlyMap<string, readonly string[]>,
): ReadonlyMap<string, ReadonlySet<string>> {
  const sets = new Map<string, Set<string>>();
  for (const id of ids) sets.set(id, (edges.get(id) ?? []).length === 0 ? new Set([id]) : new Set(ids));
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of ids) {
      const next = edges.get(id) ?? [];
      if (next.length === 0) continue;
      const meet = [...(sets.get(next[0] ?? '') ?? [])].filter((candidate) =>
        next.every((s) => sets.get(s)?.has(candidate)),
      );
      const updated = new Set([id, ...meet]);
      if (updated.size !== sets.get(id)?.size) {
        sets.set(id, updated);
        changed = true;
      }
    }
  }
  return sets;
}

const postDominators = new WeakMap<FlowModel, ReadonlyMap<string, ReadonlySet<string>>>();
const dominators = new WeakMap<FlowModel, ReadonlyMap<string, ReadonlySet<string>>>();

function postDominatorSets(model: FlowModel): ReadonlyMap<string, ReadonlySet<string>> {
  let sets = postDominators.get(model);
  if (!sets) {
    const { successors } = structure(model);
    sets = dominanceSets(new Set([...model.nodes.keys(), ...successors.keys()]), successors);
    postDominators.set(model, sets);
  }
  return sets;
}

/**
 * Whether every path from the start to `nodeId` passes `by`: work waiting at `nodeId` came through `by`.
 * A send-back to `by` clears exactly that work, so a sibling parallel branch keeps its tasks.
 */
export function isDominatedBy(model: FlowModel, nodeId: string, by: string): boolean {
  let sets = dominators.get(model);
  if (!sets) {
    const { predecessors, successors } = structure(model);
    sets = dominanceSets(new Set([...model.nodes.keys(), ...successors.keys()]), predecessors);
    dominators.set(model, sets);
  }
  return sets.get(nodeId)?.has(by) ?? false;
}

/**
 * The join a parallel or inclusive split leads to: its nearest post-dominator, when that is a gateway
 * of the same type. Undefined when branches never meet again (or meet at another kind of node).
 */
export function joinOf(model: FlowModel, splitId: string): FlowNode | undefined {
  const split = requireNode(model, splitId);
  const sets = postDominatorSets(model);
  const strict = [...(sets.get(splitId) ?? [])].filter((id) => id !== splitId);
  const nearest = strict.find((id) => sets.get(id)?.size === strict.length);
  const join = nearest === undefined ? undefined : model.nodes.get(nearest);
  return join?.type === split.type ? join : undefined;
}
