/**
 * Validation rules of spec §5: a rule string 'name:arg1,arg2|name2' or a rule object
 * { required: true, maxLength: 20 } is checked against one value.
 */
import {
  isBlank,
  isChineseName,
  isDigitsOnly,
  isEmail,
  isIdCard,
  isIpv4,
  isLandlineOrHotline,
  isMobilePhone,
  isMoney,
  isPassword,
  isPlainName,
  isPort,
} from './validators.js';

export const RULE_NAMES = [
  'required',
  'password',
  'number',
  'name',
  'ip',
  'port',
  'phone',
  'idCard',
  'email',
  'chineseName',
  'money',
  'tel',
  'minLength',
  'maxLength',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export interface ParsedRule {
  name: string;
  args: string[];
}

export interface ValidationRule extends ParsedRule {
  name: RuleName;
}

/**
 * Rule name → its arguments: true or [] for none, a string or number for one, an array for several.
 * false turns the rule off.
 */
export type RuleObject = Readonly<Record<string, boolean | string | number | readonly (string | number)[]>>;

export type RuleSpec = string | RuleObject;

type TextCheck = (text: string, args: readonly string[], ruleName: string) => boolean;

function lengthArgument(args: readonly string[], ruleName: string): number {
  const [limit] = args;
  if (args.length !== 1 || limit === undefined || !/^\d+$/.test(limit)) {
    throw new Error(`rule "${ruleName}" needs one non-negative integer argument, got "${args.join(',')}"`);
  }
  return Number(limit);
}

const characterCount = (text: string) => [...text].length;

const FORMAT_CHECKS: Record<Exclude<RuleName, 'required'>, TextCheck> = {
  password: (text) => isPassword(text),
  number: isDigitsOnly,
  name: isPlainName,
  ip: isIpv4,
  port: isPort,
  phone: isMobilePhone,
  idCard: isIdCard,
  email: isEmail,
  chineseName: isChineseName,
  money: isMoney,
  tel: isLandlineOrHotline,
  minLength: (text, args, ruleName) => characterCount(text) >= lengthArgument(args, ruleName),
  maxLength: (text, args, ruleName) => characterCount(text) <= lengthArgument(args, ruleName),
};

function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}

/** 'a|b:1|c:x,y' → [{ name: 'a', args: [] }, { name: 'b', args: ['1'] }, { name: 'c', args: ['x', 'y'] }]. */
export function parseRuleString(ruleString: string): ParsedRule[] {
  return ruleString
    .split('|')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
    .map((segment) => {
      const colon = segment.indexOf(':');
      if (colon === -1) return { name: segment, args: [] };
      const argText = segment.slice(colon + 1).trim();
      return {
        name: segment.slice(0, colon).trim(),
        args: argText === '' ? [] : argText.split(',').map((arg) => arg.trim()),
      };
    });
}

function parseRuleObject(ruleObject: RuleObject): ParsedRule[] {
  return Object.entries(ruleObject)
    .filter(([, setting]) => setting !== false)
    .map(([name, setting]) => ({
      name,
      args: setting === true ? [] : Array.isArray(setting) ? setting.map(String) : [String(setting)],
    }));
}

function parseEitherForm(rules: RuleSpec): ParsedRule[] {
  if (typeof rules === 'string') return parseRuleString(rules);
  if (typeof rules === 'object' && rules !== null && !Array.isArray(rules)) return parseRuleObject(rules);
  throw new Error('rules must be Object or String');
}

function toValidationRule({ name, args }: ParsedRule): ValidationRule {
  if (!isRuleName(name)) {
    throw new Error(`unknown validation rule "${name}"; known rules: ${RULE_NAMES.join(', ')}`);
  }
  if (name === 'minLength' || name === 'maxLength') lengthArgument(args, name);
  return { name, args };
}

/**
 * Either form as a list of known rules; arguments of rules that take none are ignored.
 * Throws for a rules value that is neither (spec §8), an unknown rule name, or a length rule without a
 * valid limit.
 */
export function parseRules(rules: RuleSpec): ValidationRule[] {
  return parseEitherForm(rules).map(toValidationRule);
}

/**
 * Names of the rules the value breaks, in rule order; [] when it passes.
 * A blank value (see isBlank) only fails "required": the format rules apply to filled-in values.
 * Numbers are checked as their decimal text; any other non-string value fails every format rule.
 */
export function validateValue(value: unknown, rules: RuleSpec): RuleName[] {
  const parsed = parseRules(rules);
  const blank = isBlank(value);
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

  return parsed
    .filter(({ name, args }) => {
      if (name === 'required') return blank;
      if (blank) return false;
      return text === undefined || !FORMAT_CHECKS[name](text, args, name);
    })
    .map(({ name }) => name);
}
