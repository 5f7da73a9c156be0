import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  conditionTest,
  evaluateCondition,
  evaluateExpression,
  toJsonValue,
  type ExpressionScope,
} from './conditions.js';
import { ExpressionError } from './errors.js';

const scope = (form: Record<string, unknown>, vars: Record<string, unknown> = {}): ExpressionScope => ({
  form,
  vars,
});

function expressionError(run: () => unknown): ExpressionError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExpressionError) return error;
    throw error;
  }
  throw new Error('expected an ExpressionError');
}

describe('evaluateCondition', () => {
  it('compares form numbers from JSON with integer literals', () => {
    expect(evaluateCondition('form.days > 3', scope({ days: 5 }))).toBe(true);
    expect(evaluateCondition('form.days > 3', scope({ days: 3 }))).toBe(false);
    expect(evaluateCondition('form.amount >= 5000.5', scope({ amount: 5000.5 }))).toBe(true);
    expect(evaluateCondition('form.days == 2', scope({ days: 2 }))).toBe(true);
  });

  it('reads variables, strings, lists and nested objects', () => {
    const data = scope({ dept: 'hr', tags: ['urgent'], applicant: { level: 7 } }, { approved: true });
    expect(evaluateCondition('vars.approved && form.dept == "hr"', data)).toBe(true);
    expect(evaluateCondition('"urgent" in form.tags', data)).toBe(true);
    expect(evaluateCondition('form.applicant.level >= 8', data)).toBe(false);
    expect(evaluateCondition('has(form.missing) && form.missing > 1', data)).toBe(false);
  });

  it('fails a missing field with the expression named, never a silent false', () => {
    const error = expressionError(() => evaluateCondition('form.days > 3', scope({})));
    expect(error.code).toBe('EVALUATION');
    expect(error.expression).toBe('form.days > 3');
    expect(error.reason).toContain('days');
  });

  it('fails a result that is not a boolean', () => {
    const error = expressionError(() => evaluateCondition('form.dept', scope({ dept: 'hr' })));
    expect(error).toMatchObject({ code: 'WRONG_RESULT_TYPE', expression: 'form.dept' });
  });

  it('runs no code: JavaScript reaches neither the runtime nor the prototype chain', () => {
    expect(expressionError(() => evaluateCondition('process.exit(1)', scope({}))).code).toBe('TYPE');
    expect(expressionError(() => evaluateCondition('form.constructor == null', scope({ a: 1 }))).code).toBe(
      'EVALUATION',
    );
    expect(expressionError(() => evaluateCondition('eval("1") == 1', scope({}))).code).toBe('TYPE');
  });

  it('binds a scope for the graph functions', () => {
    const test = conditionTest(scope({ days: 4 }));
    expect(test('form.days > 3')).toBe(true);
    expect(test('form.days > 10')).toBe(false);
  });
});

describe('compileExpression', () => {
  it('reports syntax, unknown names and a result of the wrong type', () => {
    expect(expressionError(() => compileExpression('form.days >', 'bool'))).toMatchObject({
      code: 'SYNTAX',
      expression: 'form.days >',
    });
    expect(expressionError(() => compileExpression('days > 3', 'bool')).code).toBe('TYPE');
    expect(expressionError(() => compileExpression('1 + 2', 'bool'))).toMatchObject({
      code: 'WRONG_RESULT_TYPE',
      reason: 'expected bool, got int',
    });
    expect(expressionError(() => compileExpression('"someone"', 'list')).code).toBe('WRONG_RESULT_TYPE');
  });

  it('accepts what only run time can decide, and lists for list rules', () => {
    expect(compileExpression('form.approved', 'bool').type).toBe('dyn');
    expect(compileExpression('["u1", "u2"]', 'list').type).toBe('list<string>');
    expect(compileExpression('vars.leaders', 'list').type).toBe('dyn');
    expect(compileExpression('1 + 2', 'any').type).toBe('int');
  });

  it('compiles each text once', () => {
    const first = compileExpression('form.level > 2', 'bool');
    expect(compileExpression('form.level > 2', 'any')).toBe(first);
    const failure = expressionError(() => compileExpression('form.level >', 'bool'));
    expect(expressionError(() => compileExpression('form.level >', 'bool'))).toBe(failure);
  });

  it('refuses expressions beyond the size limits', () => {
    const huge = Array.from({ length: 1200 }, (_, i) => `form.a${i}`).join(' + ');
    expect(expressionError(() => compileExpression(`${huge} > 0`, 'bool')).code).toBe('SYNTAX');
  });
});

describe('evaluateExpression', () => {
  it('gives plain JSON back', () => {
    const value = evaluateExpression(
      '{"sum": 1 + 2, "name": form.name, "flags": [true, false]}',
      scope({ name: '张三' }),
    );
    expect(value).toEqual({ sum: 3, name: '张三', flags: [true, false] });
  });

  it('fails at run time with the expression named', () => {
    expect(expressionError(() => evaluateExpression('form.a / 0', scope({ a: 1 })))).toMatchObject({
      code: 'EVALUATION',
      expression: 'form.a / 0',
    });
  });
});

describe('toJsonValue', () => {
  it('turns CEL values into JSON values', () => {
    expect(toJsonValue(9007199254740993n)).toBe('9007199254740993');
    expect(toJsonValue(42n)).toBe(42);
    expect(toJsonValue(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(toJsonValue(new Map([['k', 1n]]))).toEqual({ k: 1 });
    expect(toJsonValue(Number.NaN)).toBeNull();
    expect(toJsonValue(undefined)).toBeNull();
  });
});
