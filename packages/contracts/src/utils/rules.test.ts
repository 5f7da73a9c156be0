import { describe, expect, it } from 'vitest';
import { parseRules, parseRuleString, validateValue, type RuleSpec } from './rules.js';

describe('rule strings and rule objects', () => {
  it("spec §5: rule strings are 'name:arg1,arg2' separated by |", () => {
    expect(parseRuleString('required|maxLength:20|custom:a, b|')).toEqual([
      { name: 'required', args: [] },
      { name: 'maxLength', args: ['20'] },
      { name: 'custom', args: ['a', 'b'] },
    ]);
    expect(parseRuleString('')).toEqual([]);
    expect(parseRuleString(' email : ')).toEqual([{ name: 'email', args: [] }]);
  });

  it('spec §5: a rule object names each rule with its arguments and false turns a rule off', () => {
    expect(parseRules({ required: true, minLength: 2, maxLength: ['8'], email: false })).toEqual([
      { name: 'required', args: [] },
      { name: 'minLength', args: ['2'] },
      { name: 'maxLength', args: ['8'] },
    ]);
  });

  it('spec §8: rules that are neither Object nor String throw "rules must be Object or String"', () => {
    for (const rules of [42, null, undefined, ['required'], true]) {
      expect(() => validateValue('x', rules as unknown as RuleSpec)).toThrow(
        new Error('rules must be Object or String'),
      );
    }
  });

  it('spec §8: an unknown rule name throws and names the rule', () => {
    expect(() => validateValue('x', 'required|shoeSize')).toThrow(/unknown validation rule "shoeSize"/);
    expect(() => validateValue('', { colour: true })).toThrow(/unknown validation rule "colour"/);
  });

  it('spec §8: a length rule without a non-negative integer limit throws, even for a blank value', () => {
    expect(() => validateValue('', 'minLength')).toThrow(/rule "minLength" needs one non-negative integer/);
    expect(() => validateValue('abc', 'maxLength:x')).toThrow(/rule "maxLength"/);
    expect(() => validateValue('abc', 'maxLength:1,2')).toThrow(/rule "maxLength"/);
  });

  it('spec §5: a blank value fails required only; format rules apply to filled-in values', () => {
    for (const blank of ['', '  ', 'null', null, undefined]) {
      expect(validateValue(blank, 'required|email')).toEqual(['required']);
      expect(validateValue(blank, 'email|phone')).toEqual([]);
    }
  });

  it('spec §5: every helper is reachable by its rule name', () => {
    const cases: [string, string, string][] = [
      ['password', '123456', '12345'],
      ['number', '123', '12a'],
      ['name', '张三abc1', '张 三'],
      ['ip', '10.0.0.1', '10.0.0.256'],
      ['port', '8080', '70000'],
      ['phone', '13812345678', '2381234567'],
      ['idCard', '11010519491231002X', '110105194913310021'],
      ['email', 'a@b.cn', 'a@b'],
      ['chineseName', '张三', '张'],
      ['money', '12.50', '12.505'],
      ['tel', '400-123-4567', '123'],
      ['minLength:3', '张三丰', '张三'],
      ['maxLength:2', '张三', '张三丰'],
    ];
    for (const [rule, valid, invalid] of cases) {
      expect(validateValue(valid, rule), `${rule} accepts ${valid}`).toEqual([]);
      expect(validateValue(invalid, rule), `${rule} refuses ${invalid}`).toHaveLength(1);
    }
  });

  it('spec §5: all broken rules are listed in rule order', () => {
    expect(validateValue('abc', 'required|number|minLength:5|maxLength:10')).toEqual(['number', 'minLength']);
    expect(validateValue('abc', { minLength: 5, number: true })).toEqual(['minLength', 'number']);
  });

  it('spec §5: numbers are checked as their text and other non-string values fail format rules', () => {
    expect(validateValue(8080, 'required|port')).toEqual([]);
    expect(validateValue(12.345, 'money')).toEqual(['money']);
    expect(validateValue({ port: 80 }, 'required|port')).toEqual(['port']);
  });
});
