import type { DeployProblem, DeployProblemCode } from '@eip/contracts/flow';
import type { ExpressionError } from './errors.js';

export type ProblemParams = Record<string, string | number>;

export const problem = (
  code: DeployProblemCode,
  nodeId?: string,
  params: ProblemParams = {},
): DeployProblem => (nodeId === undefined ? { code, params } : { code, nodeId, params });

/** The parameters that describe a failed expression: its text, the error code and the reason. */
export const expressionParams = (error: ExpressionError): ProblemParams => ({
  expression: error.expression,
  error: error.code,
  reason: error.reason,
});
