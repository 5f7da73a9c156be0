import type { MessageRef } from './messages.js';

/** One failure of a JSON-Schema validation (Ajv's error object, as far as it is read here). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

/** The field a failure is about, as a dotted path below `where` ("body.days", "data.reason"). */
export function issueField(where: string, issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : '';
  return [where, path, missing].filter(Boolean).join('.');
}

/** Why a value failed, as a message of the caller's language. */
export function issueReason(issue: ValidationIssue): MessageRef {
  if (issue.keyword === 'required') return { key: 'reason.required' };
  if (issue.keyword === 'type') return { key: 'reason.type', params: { type: String(issue.params.type) } };
  const limitKeyword = LIMIT_KEYWORDS.find((k) => k === issue.keyword);
  if (limitKeyword) return { key: `reason.${limitKeyword}`, params: { limit: String(issue.params.limit) } };
  return { key: 'reason.invalid' };
}
