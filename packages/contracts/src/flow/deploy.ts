import { Type, type Static } from '@sinclair/typebox';
import { DEPLOY_PROBLEM_CODES } from './enums.js';

/** One thing wrong with a definition or its settings: a code and parameters, translated by the caller. */
export const DeployProblem = Type.Object({
  code: Type.Union(DEPLOY_PROBLEM_CODES.map((code) => Type.Literal(code))),
  nodeId: Type.Optional(Type.String()),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});
export type DeployProblem = Static<typeof DeployProblem>;
