/**
 * A business object's form and its checks, shared by the browser and the server: the JSON Schema + UI
 * schema a form of the object is stored as, and the spec §5 rule strings of its fields applied to data.
 */
import type { BoDefinition, BoField } from '../schemas/data.js';
import { validateValue, type RuleName } from './rules.js';

type JsonObject = Record<string, unknown>;

function fieldSchema(field: BoField): JsonObject {
  const title = field.label;
  // decimals are checked by the money rule: multipleOf 0.01 misjudges binary fractions
  if (field.type === 'number') return { type: 'number', title };
  if (field.type === 'date') return { type: 'string', title, format: 'date' };
  return { type: 'string', title, ...(field.maxLength ? { maxLength: field.maxLength } : {}) };
}

function objectSchema(fields: readonly BoField[]): JsonObject {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
}

/** The form of a business object: main fields, then each sub-entity as an array of rows. */
export function boFormSchema(bo: BoDefinition): { schema: JsonObject; uiSchema: JsonObject } {
  const main = objectSchema(bo.fields);
  const properties = main.properties as JsonObject;
  for (const sub of bo.subs) {
    properties[sub.alias] = {
      type: 'array',
      title: sub.name,
      items: objectSchema(sub.fields),
      ...(sub.maxRows ? { maxItems: sub.maxRows } : {}),
    };
  }
  const uiSchema: JsonObject = {
    'ui:order': [...bo.fields.map((field) => field.name), ...bo.subs.map((sub) => sub.alias)],
  };
  for (const field of bo.fields) {
    if (field.type === 'text') uiSchema[field.name] = { 'ui:widget': 'textarea' };
    if (field.type === 'date') uiSchema[field.name] = { 'ui:widget': 'date' };
  }
  return { schema: main, uiSchema };
}

/** One broken rule: the field (sub-entity rows numbered from 1), its label and the rule. */
export interface BoIssue {
  field: string;
  label: string;
  rule: RuleName | 'type';
  /** the sub-entity's name and the row number, for a field of a sub-table row */
  sub?: { name: string; row: number };
}

const typeOk = (field: BoField, value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (field.type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string');

function fieldRules(field: BoField): string {
  const rules = [field.required ? 'required' : '', field.rules ?? ''];
  if (field.maxLength) rules.push(`maxLength:${field.maxLength}`);
  if (field.decimals === 2) rules.push('money');
  return rules.filter(Boolean).join('|');
}

function checkFields(
  fields: readonly BoField[],
  row: JsonObject,
  prefix: string,
  sub?: BoIssue['sub'],
): BoIssue[] {
  const issues: BoIssue[] = [];
  for (const field of fields) {
    const value = row[field.name];
    const where = `${prefix}${field.name}`;
    if (!typeOk(field, value)) {
      issues.push({ field: where, label: field.label, rule: 'type', ...(sub ? { sub } : {}) });
      continue;
    }
    const broken = validateValue(value, fieldRules(field))[0];
    if (broken) issues.push({ field: where, label: field.label, rule: broken, ...(sub ? { sub } : {}) });
  }
  return issues;
}

/** Every broken rule of a record's data, main fields first, then each sub-table row by row. */
export function checkBoData(bo: BoDefinition, data: JsonObject): BoIssue[] {
  const issues = checkFields(bo.fields, data, '');
  for (const sub of bo.subs) {
    const rows = data[sub.alias];
    if (rows === undefined || rows === null) continue;
    if (!Array.isArray(rows)) {
      issues.push({ field: sub.alias, label: sub.name, rule: 'type' });
      continue;
    }
    rows.forEach((row: unknown, index) => {
      const where = { name: sub.name, row: index + 1 };
      if (!row || typeof row !== 'object' || Array.isArray(row)) {
        issues.push({ field: `${sub.alias}[${index + 1}]`, label: sub.name, rule: 'type', sub: where });
        return;
      }
      issues.push(...checkFields(sub.fields, row as JsonObject, `${sub.alias}[${index + 1}].`, where));
    });
  }
  return issues;
}

/** The data with only the object's fields (unknown keys dropped), so nothing else is stored. */
export function pickBoData(bo: BoDefinition, data: JsonObject): JsonObject {
  const pick = (fields: readonly BoField[], row: JsonObject) =>
    Object.fromEntries(fields.filter((f) => row[f.name] !== undefined).map((f) => [f.name, row[f.name]]));
  const result = pick(bo.fields, data);
  for (const sub of bo.subs) {
    const rows = data[sub.alias];
    if (Array.isArray(rows)) {
      result[sub.alias] = rows.map((row) => pick(sub.fields, (row ?? {}) as JsonObject));
    }
  }
  return result;
}
