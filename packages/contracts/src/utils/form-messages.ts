/**
 * The messages of form validation in the three languages, shared by the browser (under each field) and the
 * server (its answers to a submission): one wording wherever a form's data is checked. `{name}`
 * placeholders are filled by `formMessage`.
 */
import { DEFAULT_LANGUAGE, type Language } from '../codes.js';
import {
  isChineseName,
  isDigitsOnly,
  isIdCard,
  isLandlineOrHotline,
  isMobilePhone,
  isMoney,
  isPassword,
  isPlainName,
  isPort,
} from './validators.js';

export type FormTexts = Readonly<Record<Language, string>>;

export const FORM_MESSAGES = {
  fieldRequired: {
    'zh-CN': '字段 {field} 必填',
    'zh-TW': '欄位 {field} 必填',
    'en-US': 'Field {field} is required',
  },
  fieldError: {
    'zh-CN': '字段 {field} {reason}',
    'zh-TW': '欄位 {field} {reason}',
    'en-US': 'Field {field} {reason}',
  },
  required: { 'zh-CN': '不能为空', 'zh-TW': '不能為空', 'en-US': 'is required' },
  type: { 'zh-CN': '类型不正确', 'zh-TW': '類型不正確', 'en-US': 'has the wrong type' },
  invalid: { 'zh-CN': '格式不正确', 'zh-TW': '格式不正確', 'en-US': 'is not valid' },
  minLength: {
    'zh-CN': '长度不能少于{limit}',
    'zh-TW': '長度不能少於{limit}',
    'en-US': 'must have at least {limit} characters',
  },
  maxLength: {
    'zh-CN': '长度不能超过{limit}',
    'zh-TW': '長度不能超過{limit}',
    'en-US': 'must have at most {limit} characters',
  },
  minimum: { 'zh-CN': '不能小于{limit}', 'zh-TW': '不能小於{limit}', 'en-US': 'must be at least {limit}' },
  maximum: { 'zh-CN': '不能大于{limit}', 'zh-TW': '不能大於{limit}', 'en-US': 'must be at most {limit}' },
  exclusiveMinimum: {
    'zh-CN': '必须大于{limit}',
    'zh-TW': '必須大於{limit}',
    'en-US': 'must be more than {limit}',
  },
  exclusiveMaximum: {
    'zh-CN': '必须小于{limit}',
    'zh-TW': '必須小於{limit}',
    'en-US': 'must be less than {limit}',
  },
  multipleOf: {
    'zh-CN': '必须是{limit}的整数倍',
    'zh-TW': '必須是{limit}的整數倍',
    'en-US': 'must be a multiple of {limit}',
  },
  minItems: {
    'zh-CN': '至少需要{limit}项',
    'zh-TW': '至少需要{limit}項',
    'en-US': 'must have at least {limit} items',
  },
  maxItems: {
    'zh-CN': '最多允许{limit}项',
    'zh-TW': '最多允許{limit}項',
    'en-US': 'must have at most {limit} items',
  },
  enum: { 'zh-CN': '不是可选的值', 'zh-TW': '不是可選的值', 'en-US': 'is not one of the choices' },
  date: { 'zh-CN': '不是有效的日期', 'zh-TW': '不是有效的日期', 'en-US': 'is not a valid date' },
  time: { 'zh-CN': '不是有效的时间', 'zh-TW': '不是有效的時間', 'en-US': 'is not a valid time' },
  // the helpers of spec §5
  password: { 'zh-CN': '至少6位', 'zh-TW': '至少6位', 'en-US': 'needs at least 6 characters' },
  number: { 'zh-CN': '只能是数字', 'zh-TW': '只能是數字', 'en-US': 'must be digits only' },
  name: {
    'zh-CN': '只能包含中文、字母和数字',
    'zh-TW': '只能包含中文、字母和數字',
    'en-US': 'may hold Chinese, letters and digits only',
  },
  ip: { 'zh-CN': '不是有效的IP地址', 'zh-TW': '不是有效的IP位址', 'en-US': 'is not a valid IP address' },
  port: { 'zh-CN': '不是有效的端口', 'zh-TW': '不是有效的連接埠', 'en-US': 'is not a valid port' },
  phone: {
    'zh-CN': '不是有效的手机号码',
    'zh-TW': '不是有效的手機號碼',
    'en-US': 'is not a valid mobile number',
  },
  idCard: {
    'zh-CN': '不是有效的身份证号',
    'zh-TW': '不是有效的身分證號',
    'en-US': 'is not a valid ID card number',
  },
  email: {
    'zh-CN': '不是有效的邮箱',
    'zh-TW': '不是有效的電子郵件',
    'en-US': 'is not a valid email address',
  },
  chineseName: {
    'zh-CN': '应为2-4个汉字',
    'zh-TW': '應為2-4個漢字',
    'en-US': 'must be 2–4 Chinese characters',
  },
  money: { 'zh-CN': '最多两位小数', 'zh-TW': '最多兩位小數', 'en-US': 'allows at most 2 decimals' },
  tel: {
    'zh-CN': '不是有效的电话号码',
    'zh-TW': '不是有效的電話號碼',
    'en-US': 'is not a valid phone number',
  },
} as const satisfies Record<string, FormTexts>;

export type FormMessageKey = keyof typeof FORM_MESSAGES;

/** A message of the table in a language, its `{name}` placeholders filled. */
export function formMessage(
  lang: Language,
  key: FormMessageKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const texts: FormTexts = FORM_MESSAGES[key];
  const text = texts[lang] ?? texts[DEFAULT_LANGUAGE];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * The helpers of spec §5 as JSON Schema formats of strings (`"format": "phone"`): a form's schema names
 * them and both the browser and the server check them.
 */
export const HELPER_FORMATS = {
  password: (text: string) => isPassword(text),
  number: isDigitsOnly,
  name: isPlainName,
  port: isPort,
  phone: isMobilePhone,
  idCard: isIdCard,
  chineseName: isChineseName,
  money: isMoney,
  tel: isLandlineOrHotline,
} satisfies Record<string, (text: string) => boolean>;

/** Formats whose failure has a message of its own; any other failed format "is not valid". */
const FORMAT_MESSAGES: Readonly<Record<string, FormMessageKey>> = {
  ...Object.fromEntries(Object.keys(HELPER_FORMATS).map((name) => [name, name as FormMessageKey])),
  email: 'email',
  ipv4: 'ip',
  date: 'date',
  'date-time': 'date',
  time: 'time',
};

const LIMIT_KEYWORDS = new Set<string>([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** One failure of a JSON Schema check (as Ajv reports it: its keyword and parameters). */
export interface SchemaIssue {
  keyword: string;
  params: Readonly<Record<string, unknown>>;
}

/** Which message of the table says why a value failed one JSON Schema keyword, with its parameters. */
export function schemaIssueText(issue: SchemaIssue): { key: FormMessageKey; params: Record<string, string> } {
  const { keyword, params } = issue;
  if (LIMIT_KEYWORDS.has(keyword)) {
    const limit = keyword === 'multipleOf' ? params.multipleOf : params.limit;
    return { key: keyword as FormMessageKey, params: { limit: String(limit) } };
  }
  if (keyword === 'required' || keyword === 'type') return { key: keyword, params: {} };
  if (keyword === 'enum' || keyword === 'const' || keyword === 'oneOf' || keyword === 'anyOf') {
    return { key: 'enum', params: {} };
  }
  if (keyword === 'format') return { key: FORMAT_MESSAGES[String(params.format)] ?? 'invalid', params: {} };
  return { key: 'invalid', params: {} };
}

/** Why a value failed one JSON Schema keyword, as the reason part of a message. */
export function schemaIssueReason(lang: Language, issue: SchemaIssue): string {
  const { key, params } = schemaIssueText(issue);
  return formMessage(lang, key, params);
}

/** The message under a field that failed a JSON Schema keyword, naming the field by its title. */
export function schemaIssueMessage(lang: Language, issue: SchemaIssue, field: string): string {
  if (issue.keyword === 'required') return formMessage(lang, 'fieldRequired', { field });
  return formMessage(lang, 'fieldError', { field, reason: schemaIssueReason(lang, issue) });
}
