/** Typed failures of the engine core. Each carries a code and parameters, never translated text. */

export type DefinitionErrorCode = 'INVALID_XML' | 'NO_PROCESS' | 'SEVERAL_PROCESSES' | 'NO_DIAGRAM';

/** The BPMN document cannot become a model at all. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
  constructor(
    readonly code: DefinitionErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(code);
  }
}

export type ExpressionErrorCode = 'SYNTAX' | 'TYPE' | 'WRONG_RESULT_TYPE' | 'EVALUATION';

/** A CEL expression that does not compile, fails at run time or yields the wrong kind of value. */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
  constructor(
    readonly code: ExpressionErrorCode,
    readonly expression: string,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

export type RoutingErrorCode = 'UNKNOWN_NODE' | 'NO_FLOW_TAKEN';

/** A move through the graph that the definition does not allow. */
export class RoutingError extends Error {
  override readonly name = 'RoutingError';
  constructor(
    readonly code: RoutingErrorCode,
    readonly nodeId: string,
  ) {
    super(`${code}: ${nodeId}`);
  }
}
