import { compileExpression, type ResultKind } from './conditions.js';
import {
  CANDIDATE_TYPES_WITH_IDS,
  isUserTaskType,
  type Candidate,
  type DeployProblem,
  type FlowSettings,
  type ModelNodeType,
  type NodeSettings,
} from '@eip/contracts/flow';
import { ExpressionError } from './errors.js';
import type { FlowModel, FlowNode } from './model.js';
import { expressionParams, problem } from './problems.js';
import { settingsOf } from './settings-schema.js';

type SettingKey = keyof NodeSettings;

const USER_TASK_SETTINGS: readonly SettingKey[] = [
  'candidates',
  'buttons',
  'countersign',
  'signOrder',
  'form',
  'fieldPermissions',
  'selectUsers',
  'notifyTypes',
  'dueTime',
];

/** Which settings mean something on which node type; the rest is reported, not ignored. */
const APPLICABLE_SETTINGS: Readonly<Record<ModelNodeType, readonly SettingKey[]>> = {
  START: ['buttons', 'form', 'fieldPermissions'],
  USERTASK: USER_TASK_SETTINGS,
  SIGNTASK: USER_TASK_SETTINGS,
  CUSTOMSIGNTASK: USER_TASK_SETTINGS,
  CALLACTIVITY: ['callActivity'],
  SERVICETASK: ['serviceTask'],
  END: [],
  SUBPROCESS: [],
  EXCLUSIVEGATEWAY: [],
  PARALLELGATEWAY: [],
  INCLUSIVEGATEWAY: [],
};

/** The failure of compiling an expression, or undefined when it compiles to the wanted kind. */
function compileFailure(expression: string, kind: ResultKind): ExpressionError | undefined {
  try {
    compileExpression(expression, kind);
    return undefined;
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
}

function unknownNodes(model: FlowModel, nodeIds: readonly string[]): DeployProblem[] {
  return nodeIds
    .filter((nodeId) => !model.nodes.has(nodeId))
    .map((nodeId) => problem('SETTINGS_UNKNOWN_NODE', nodeId));
}

function notApplicable(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const allowed = APPLICABLE_SETTINGS[node.type];
  return (Object.keys(settings) as SettingKey[])
    .filter((key) => !allowed.includes(key))
    .map((setting) => problem('SETTING_NOT_APPLICABLE', node.id, { setting, nodeType: node.type }));
}

function signKindConflict(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const { countersign, signOrder } = settings;
  const conflict =
    node.multiInstance === 'parallel'
      ? signOrder !== undefined
      : node.multiInstance === 'sequential'
        ? countersign !== undefined
        : countersign !== undefined && signOrder !== undefined;
  return conflict ? [problem('SIGN_KIND_CONFLICT', node.id, { marker: node.multiInstance ?? 'none' })] : [];
}

function candidateProblems(nodeId: string, candidate: Candidate, index: number): DeployProblem[] {
  const needsIds = (CANDIDATE_TYPES_WITH_IDS as readonly string[]).includes(candidate.type);
  if (needsIds && !candidate.ids?.length)
    return [problem('CANDIDATE_INCOMPLETE', nodeId, { index, type: candidate.type })];
  if (candidate.type !== 'rule') return [];
  if (!candidate.expression)
    return [problem('CANDIDATE_INCOMPLETE', nodeId, { index, type: candidate.type })];
  const failure = compileFailure(candidate.expression, 'list');
  return failure ? [problem('CANDIDATE_RULE_INVALID', nodeId, { index, ...expressionParams(failure) })] : [];
}

function userTaskProblems(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const candidates = settings.candidates ?? [];
  const problems =
    candidates.length === 0
      ? [problem('CANDIDATES_MISSING', node.id)]
      : candidates.flatMap((candidate, index) => candidateProblems(node.id, candidate, index));
  const rule = settings.countersign;
  if (node.type === 'SIGNTASK' && rule?.mode === 'ratio' && !(rule.ratio !== undefined && rule.ratio > 0)) {
    problems.push(
      problem(
        'COUNTERSIGN_RATIO_OUT_OF_RANGE',
        node.id,
        rule.ratio === undefined ? {} : { ratio: rule.ratio },
      ),
    );
  }
  return [...signKindConflict(node, settings), ...problems];
}

function callActivityProblems(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const flowKey = settings.callActivity?.flowKey ?? node.calledElement;
  return flowKey ? [] : [problem('CALL_ACTIVITY_NO_FLOW_KEY', node.id)];
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function serviceExpressionProblem(
  nodeId: string,
  field: string,
  expression: string | undefined,
): DeployProblem[] {
  const failure = expression === undefined ? undefined : compileFailure(expression, 'any');
  return failure
    ? [problem('SERVICE_EXPRESSION_INVALID', nodeId, { field, ...expressionParams(failure) })]
    : [];
}

function serviceTaskProblems(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const call = settings.serviceTask;
  if (!call) return [problem('SERVICE_TASK_UNCONFIGURED', node.id)];
  if (call.kind === 'expression') return serviceExpressionProblem(node.id, 'expression', call.expression);
  const url = isHttpUrl(call.url) ? [] : [problem('SERVICE_URL_INVALID', node.id, { url: call.url })];
  return [...url, ...serviceExpressionProblem(node.id, 'bodyTemplate', call.bodyTemplate)];
}

function nodeProblems(node: FlowNode, settings: NodeSettings): DeployProblem[] {
  const own = isUserTaskType(node.type)
    ? userTaskProblems(node, settings)
    : node.type === 'CALLACTIVITY'
      ? callActivityProblems(node, settings)
      : node.type === 'SERVICETASK'
        ? serviceTaskProblems(node, settings)
        : [];
  return [...notApplicable(node, settings), ...own];
}

/**
 * Checks the settings that passed the schema against the model (whose task kinds are already
 * resolved): unknown node ids, settings on the wrong kind of node, and each kind's own rules.
 * Nodes whose settings failed the schema are skipped: their problems are already reported.
 */
export function checkNodeSettings(
  model: FlowModel,
  settings: FlowSettings,
  schemaFailed: ReadonlySet<string>,
): DeployProblem[] {
  const perNode = [...model.nodes.values()]
    .filter((node) => !schemaFailed.has(node.id))
    .flatMap((node) => nodeProblems(node, settingsOf(settings, node.id) ?? {}));
  return [...unknownNodes(model, [...Object.keys(settings.nodes), ...schemaFailed]), ...perNode];
}
