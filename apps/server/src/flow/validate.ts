import { compileExpression } from './conditions.js';
import { isGatewayType, type DeployProblem, type FlowSettings } from '@eip/contracts/flow';
import { DefinitionError, ExpressionError } from './errors.js';
import { endNodes, joinOf, nodesIn, outgoingFlows, reachableFrom, reachingTo, startNodes } from './graph.js';
import type { FlowModel, SequenceFlow } from './model.js';
import { parseBpmn, withTaskKinds } from './parse.js';
import { expressionParams, problem } from './problems.js';
import { readSettings, settingsOf } from './settings-schema.js';
import { checkNodeSettings } from './validate-settings.js';

const CONDITIONAL_GATEWAYS = new Set(['EXCLUSIVEGATEWAY', 'INCLUSIVEGATEWAY']);
const JOINING_GATEWAYS = new Set(['PARALLELGATEWAY', 'INCLUSIVEGATEWAY']);

function readerProblems(model: FlowModel): DeployProblem[] {
  return [
    ...model.warnings.map((message) => problem('UNREADABLE_CONTENT', undefined, { message })),
    ...model.unsupported.map((element) =>
      problem('UNSUPPORTED_ELEMENT', element.id, {
        elementType: element.bpmnType,
        name: element.name,
        ...(element.detail ? { detail: element.detail } : {}),
      }),
    ),
  ];
}

/** One start and at least one end, at the top level and inside each embedded sub-process. */
function scopeProblems(model: FlowModel): DeployProblem[] {
  const subProcesses = [...model.nodes.values()]
    .filter((node) => node.type === 'SUBPROCESS')
    .map((node) => node.id);
  return [null, ...subProcesses].flatMap((scope) => {
    const nodes = nodesIn(model, scope);
    const starts = nodes.filter((node) => node.type === 'START').length;
    const ends = nodes.filter((node) => node.type === 'END').length;
    const at = scope ?? undefined;
    return [
      ...(starts === 0 ? [problem('NO_START', at)] : []),
      ...(starts > 1 ? [problem('SEVERAL_STARTS', at, { count: starts })] : []),
      ...(ends === 0 ? [problem('NO_END', at)] : []),
    ];
  });
}

function reachabilityProblems(model: FlowModel): DeployProblem[] {
  const starts = startNodes(model).map((node) => node.id);
  const ends = endNodes(model).map((node) => node.id);
  const reached = starts.length > 0 ? reachableFrom(model, starts) : undefined;
  const finishing = ends.length > 0 ? reachingTo(model, ends) : undefined;
  return [...model.nodes.keys()].flatMap((nodeId) => [
    ...(reached && !reached.has(nodeId) ? [problem('UNREACHABLE_NODE', nodeId)] : []),
    ...(finishing && !finishing.has(nodeId) ? [problem('DEAD_END_NODE', nodeId)] : []),
  ]);
}

function shapeProblems(model: FlowModel): DeployProblem[] {
  const drawn = new Set(
    [model.layout, ...model.subLayouts].flatMap((layout) => layout.shapes.map((s) => s.nodeId)),
  );
  return [...model.nodes.keys()]
    .filter((nodeId) => !drawn.has(nodeId))
    .map((nodeId) => problem('NODE_WITHOUT_SHAPE', nodeId));
}

/** Only gateways split; parallel and inclusive splits must meet again at a join of their own type. */
function splitProblems(model: FlowModel): DeployProblem[] {
  return [...model.nodes.values()].flatMap((node) => {
    const count = outgoingFlows(model, node.id).length;
    if (count < 2) return [];
    if (!isGatewayType(node.type)) return [problem('IMPLICIT_SPLIT', node.id, { count })];
    const joined = !JOINING_GATEWAYS.has(node.type) || joinOf(model, node.id) !== undefined;
    return joined ? [] : [problem('SPLIT_WITHOUT_JOIN', node.id)];
  });
}

function conditionProblem(model: FlowModel, flow: SequenceFlow, condition: string): DeployProblem[] {
  const params = { flowId: flow.id };
  if (!CONDITIONAL_GATEWAYS.has(model.nodes.get(flow.sourceId)?.type ?? '')) {
    return [problem('CONDITION_NOT_ALLOWED', flow.sourceId, params)];
  }
  if (flow.isDefault) return [problem('DEFAULT_FLOW_WITH_CONDITION', flow.sourceId, params)];
  try {
    compileExpression(condition, 'bool');
    return [];
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return [problem('CONDITION_INVALID', flow.sourceId, { ...params, ...expressionParams(error) })];
  }
}

function conditionProblems(model: FlowModel): DeployProblem[] {
  const perFlow = model.flows.flatMap((flow) =>
    flow.condition === undefined ? [] : conditionProblem(model, flow, flow.condition),
  );
  const defaults = [...model.nodes.values()]
    .filter((node) => CONDITIONAL_GATEWAYS.has(node.type))
    .flatMap((node) => {
      const flowIds = outgoingFlows(model, node.id)
        .filter((flow) => flow.isDefault)
        .map((flow) => flow.id);
      return flowIds.length > 1
        ? [problem('SEVERAL_DEFAULT_FLOWS', node.id, { flowIds: flowIds.join(',') })]
        : [];
    });
  return [...perFlow, ...defaults];
}

/** Everything wrong with the shape of a parsed definition, in a stable order. */
export function checkStructure(model: FlowModel): DeployProblem[] {
  return [
    ...readerProblems(model),
    ...scopeProblems(model),
    ...reachabilityProblems(model),
    ...shapeProblems(model),
    ...splitProblems(model),
    ...conditionProblems(model),
  ];
}

export type DefinitionCheck =
  | { readonly ok: true; readonly model: FlowModel; readonly settings: FlowSettings }
  | { readonly ok: false; readonly problems: readonly DeployProblem[] };

/**
 * The deploy check: parses the BPMN XML, validates the settings document, resolves user-task kinds
 * and reports every problem at once. Deployable only when there is none.
 */
export async function checkDefinition(xml: string, settingsDocument: unknown): Promise<DefinitionCheck> {
  let parsed: FlowModel;
  try {
    parsed = await parseBpmn(xml);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    return { ok: false, problems: [problem(error.code, undefined, error.params)] };
  }
  const read = readSettings(settingsDocument);
  const settings = read.settings ?? { nodes: {} };
  const model = withTaskKinds(parsed, (nodeId) => settingsOf(settings, nodeId));
  const problems = [
    ...checkStructure(model),
    ...read.problems,
    ...(read.settings ? checkNodeSettings(model, read.settings, read.failedNodeIds) : []),
  ];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, model, settings };
}
