import { Type } from '@sinclair/typebox';
import { Ajv, type ErrorObject } from 'ajv';
import {
  GlobalSettings,
  NodeSettings,
  type DeployProblem,
  type FlowSettings,
  type GlobalSettings as GlobalSettingsValue,
  type NodeSettings as NodeSettingsValue,
} from '@eip/contracts/flow';
import { problem, type ProblemParams } from './problems.js';

const ajv = new Ajv({ allErrors: true });

const DocumentShape = Type.Object(
  { global: Type.Optional(Type.Unknown()), nodes: Type.Record(Type.String(), Type.Unknown()) },
  { additionalProperties: false },
);
const validateShape = ajv.compile<{ global?: unknown; nodes: Record<string, unknown> }>(DocumentShape);
const validateGlobal = ajv.compile<GlobalSettingsValue>(GlobalSettings);
const validateNode = ajv.compile<NodeSettingsValue>(NodeSettings);

const ANY_OF_BRANCH = /^(.*\/anyOf\/\d+)(?:\/|$)/;

/** The innermost union branch (`…/anyOf/<n>`) an error belongs to; undefined outside unions. */
const branchOf = (schemaPath: string): string | undefined => ANY_OF_BRANCH.exec(schemaPath)?.[1];

/**
 * Keeps the errors that say what is wrong. A union branch whose literal (`const`) does not match was
 * not the one meant, so its errors go; an `anyOf` error goes when a more precise error below it stays,
 * and otherwise lists the allowed values.
 */
function meaningfulErrors(errors: readonly ErrorObject[]): { error: ErrorObject; allowed: string[] }[] {
  const rejected = new Set(
    errors.filter((e) => e.keyword === 'const').flatMap((e) => branchOf(e.schemaPath) ?? []),
  );
  const kept = errors.filter((e) => {
    const branch = branchOf(e.schemaPath);
    return branch === undefined || !rejected.has(branch);
  });
  return kept
    .filter(
      (e) => e.keyword !== 'anyOf' || !kept.some((other) => other.schemaPath.startsWith(`${e.schemaPath}/`)),
    )
    .map((error) => ({
      error,
      allowed:
        error.keyword === 'anyOf'
          ? errors
              .filter((e) => e.keyword === 'const' && e.schemaPath.startsWith(`${error.schemaPath}/`))
              .map((e) => String((e.params as { allowedValue?: unknown }).allowedValue))
          : [],
    }));
}

function primitiveParams(params: Record<string, unknown>): ProblemParams {
  const out: ProblemParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

function schemaProblems(
  errors: readonly ErrorObject[] | null | undefined,
  nodeId?: string,
  prefix = '',
): DeployProblem[] {
  return meaningfulErrors(errors ?? []).map(({ error, allowed }) =>
    problem('SETTINGS_INVALID', nodeId, {
      ...primitiveParams(error.params),
      path: `${prefix}${error.instancePath}` || '/',
      keyword: error.keyword,
      message: error.message ?? '',
      ...(allowed.length > 0 ? { allowed: allowed.join(',') } : {}),
    }),
  );
}

export interface SettingsRead {
  /** The parts that passed the schema, a node whose settings failed left out; none when the document is no settings document. */
  readonly settings?: FlowSettings;
  /** Node ids whose settings failed the schema. */
  readonly failedNodeIds: ReadonlySet<string>;
  readonly problems: DeployProblem[];
}

/** Validates a settings document against the shared TypeBox schemas, part by part. */
export function readSettings(document: unknown): SettingsRead {
  const failedNodeIds = new Set<string>();
  if (!validateShape(document)) {
    return { failedNodeIds, problems: schemaProblems(validateShape.errors) };
  }
  const problems: DeployProblem[] = [];
  const nodes: Record<string, NodeSettingsValue> = {};
  for (const [nodeId, value] of Object.entries(document.nodes)) {
    // defineProperty: a BPMN id may well be `__proto__`.
    if (validateNode(value)) Object.defineProperty(nodes, nodeId, { value, enumerable: true });
    else {
      failedNodeIds.add(nodeId);
      problems.push(...schemaProblems(validateNode.errors, nodeId));
    }
  }
  const global = document.global;
  if (global === undefined) return { settings: { nodes }, failedNodeIds, problems };
  if (validateGlobal(global)) return { settings: { global, nodes }, failedNodeIds, problems };
  problems.push(...schemaProblems(validateGlobal.errors, undefined, '/global'));
  return { settings: { nodes }, failedNodeIds, problems };
}

/** A node's settings; own keys only, so ids such as `constructor` find nothing they should not. */
export const settingsOf = (settings: FlowSettings, nodeId: string): NodeSettingsValue | undefined =>
  Object.hasOwn(settings.nodes, nodeId) ? settings.nodes[nodeId] : undefined;
