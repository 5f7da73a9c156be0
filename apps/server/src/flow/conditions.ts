import { Environment, type ParseResult } from '@marcbachmann/cel-js';
import { ExpressionError } from './errors.js';

/**
 * CEL over `{form, vars}`: `form` is the instance's business data, `vars` its variables. JSON numbers
 * are CEL doubles, so `form.days > 3` compares as expected while arithmetic needs double literals
 * (`form.amount * 1.1`). List and map literals may mix types, as JSON bodies do. CEL has no
 * statements and reads only own properties: nothing is executed.
 */
export interface ExpressionScope {
  readonly form: Readonly<Record<string, unknown>>;
  readonly vars: Readonly<Record<string, unknown>>;
}

/** What an expression must yield: a condition is `bool`, a candidate rule a `list` of user ids. */
export type ResultKind = 'bool' | 'list' | 'any';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface CompiledExpression {
  readonly expression: string;
  /** The type the checker infers, e.g. `bool`, `list<string>`, or `dyn` when only run time can tell. */
  readonly type: string;
  readonly program: ParseResult;
}

const environment = new Environment({
  homogeneousAggregateLiterals: false,
  limits: {
    maxAstNodes: 1000,
    maxDepth: 32,
    maxListElements: 1000,
    maxMapEntries: 1000,
    maxCallArguments: 32,
  },
})
  .registerVariable('form', 'map')
  .registerVariable('vars', 'map');

const CACHE_LIMIT = 5000;
const cache = new Map<string, CompiledExpression | ExpressionError>();

const reasonOf = (error: unknown): string =>
  error instanceof Error ? (error.message.split('\n')[0]?.trim() ?? error.name) : String(error);

function compileUncached(expression: string): CompiledExpression {
  let program: ParseResult;
  try {
    program = environment.parse(expression);
  } catch (error) {
    throw new ExpressionError('SYNTAX', expression, reasonOf(error));
  }
  const checked = program.check();
  if (!checked.valid) throw new ExpressionError('TYPE', expression, reasonOf(checked.error));
  return { expression, type: checked.type ?? 'dyn', program };
}

function compileCached(expression: string): CompiledExpression {
  let entry = cache.get(expression);
  if (!entry) {
    try {
      entry = compileUncached(expression);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      entry = error;
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
    cache.set(expression, entry);
  }
  if (entry instanceof ExpressionError) throw entry;
  return entry;
}

function accepts(kind: ResultKind, type: string): boolean {
  if (kind === 'any' || type === 'dyn') return true;
  return kind === 'bool' ? type === 'bool' : type === 'list' || type.startsWith('list<');
}

/** Parses and type-checks once per expression text; throws ExpressionError (SYNTAX, TYPE, WRONG_RESULT_TYPE). */
export function compileExpression(expression: string, kind: ResultKind): CompiledExpression {
  const compiled = compileCached(expression);
  if (!accepts(kind, compiled.type)) {
    throw new ExpressionError('WRONG_RESULT_TYPE', expression, `expected ${kind}, got ${compiled.type}`);
  }
  return compiled;
}

function run(compiled: CompiledExpression, scope: ExpressionScope): unknown {
  try {
    return compiled.program({ form: scope.form, vars: scope.vars });
  } catch (error) {
    throw new ExpressionError('EVALUATION', compiled.expression, reasonOf(error));
  }
}

const describe = (value: unknown): string =>
  Array.isArray(value) ? 'list' : value === null ? 'null' : typeof value;

/** Evaluates a gateway condition; anything but a boolean result is an ExpressionError. */
export function evaluateCondition(expression: string, scope: ExpressionScope): boolean {
  const value = run(compileExpression(expression, 'bool'), scope);
  if (typeof value !== 'boolean') {
    throw new ExpressionError('WRONG_RESULT_TYPE', expression, `expected bool, got ${describe(value)}`);
  }
  return value;
}

/** CEL values as JSON: ints (BigInt) become numbers, or strings when beyond 2^53; timestamps ISO text. */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([key, item]) => [String(key), toJsonValue(item)]));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonValue(item)]));
  }
  return String(value);
}

/** Evaluates an expression of any result type (service tasks, body templates) into JSON. */
export function evaluateExpression(expression: string, scope: ExpressionScope): JsonValue {
  return toJsonValue(run(compileExpression(expression, 'any'), scope));
}

/** A condition test bound to one scope, for the graph functions. */
export const conditionTest =
  (scope: ExpressionScope) =>
  (expression: string): boolean =>
    evaluateCondition(expression, scope);
