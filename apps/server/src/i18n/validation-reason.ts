import { schemaIssueText } from '@eip/contracts/utils';
import type { MessageRef } from './messages.js';

/** One failure of a JSON-Schema validation (Ajv's error object, as far as it is read here). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The field a failure is about, as a dotted path below `where` ("body.days", "data.reason"). */
export function issueField(where: string, issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : '';
  return [where, path, missing].filter(Boolean).join('.');
}

/** Why a value failed, as a message of the caller's language: the wording the browser shows under a field. */
export function issueReason(issue: ValidationIssue): MessageRef {
  const { key, params } = schemaIssueText(issue);
  return { key: `reason.${key}`, params };
}
