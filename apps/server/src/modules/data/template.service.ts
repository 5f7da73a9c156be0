import {
  TEMPLATE_BUTTONS,
  checkBoData,
  computeBoData,
  pickBoData,
  type BoDef,
  type BoDefinition,
  type BoField,
  type DataTemplate,
  type FieldError,
  type Language,
  type TemplateButton,
} from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { translate } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import { findForm } from '../bpm/form.repository.js';
import * as repo from './data.repository.js';

/**
 * The data a record keeps: the object's fields only (unknown keys dropped), its computed fields set here
 * from the rest, whatever the browser sent for them.
 */
export const storedData = (bo: BoDefinition, data: Record<string, unknown>) =>
  computeBoData(bo, pickBoData(bo, data));

/** A template with its business object, both of the caller's tenant. */
export interface LoadedTemplate {
  row: repo.TemplateRow;
  template: DataTemplate;
  bo: BoDef;
}

export const toBoDef = (row: repo.BoDefRow): BoDef => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  fields: row.def.fields,
  subs: row.def.subs,
});

export const toTemplate = (row: repo.TemplateRow): DataTemplate => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  boAlias: row.boAlias,
  formKey: row.formKey,
  ...row.def,
});

export async function boDefOf(db: Executor, auth: AuthContext, id: string): Promise<BoDef> {
  const row = await repo.findBoDef(db, auth.tenantId, id);
  if (!row) throw notFound('data.boNotFound', { id });
  return toBoDef(row);
}

export async function loadTemplate(db: Executor, auth: AuthContext, alias: string): Promise<LoadedTemplate> {
  const row = await repo.findTemplate(db, auth.tenantId, alias);
  if (!row) throw notFound('data.templateNotFound', { alias });
  const bo = await repo.findBoDef(db, auth.tenantId, row.boAlias);
  if (!bo) throw notFound('data.boNotFound', { id: row.boAlias });
  return { row, template: toTemplate(row), bo: toBoDef(bo) };
}

/** The template of the path, which must be of the path's business object. */
export async function loadTemplateOf(db: Executor, auth: AuthContext, alias: string, boAlias: string) {
  const loaded = await loadTemplate(db, auth, alias);
  if (loaded.bo.alias !== boAlias) throw badRequest('data.templateBoMismatch', { alias, boAlias });
  return loaded;
}

/** The template's buttons the caller may use: a button with roles is for their holders and administrators. */
export async function buttonPermissions(db: Executor, auth: AuthContext, template: DataTemplate) {
  const caller = await repo.callerRoles(db, auth.tenantId, auth.userId);
  const allowed: Record<string, boolean> = Object.fromEntries(TEMPLATE_BUTTONS.map((b) => [b, false]));
  for (const button of template.buttons) {
    allowed[button.alias] =
      !button.roles?.length || caller.isAdmin || button.roles.some((code) => caller.codes.has(code));
  }
  return allowed as Record<TemplateButton, boolean>;
}

export async function requireButton(
  db: Executor,
  auth: AuthContext,
  loaded: LoadedTemplate,
  button: TemplateButton,
) {
  const allowed = await buttonPermissions(db, auth, loaded.template);
  if (!allowed[button]) throw forbidden('data.buttonDenied', { button });
}

export async function templateInfo(db: Executor, auth: AuthContext, alias: string, withColumns: boolean) {
  const loaded = await loadTemplate(db, auth, alias);
  const permissions = await buttonPermissions(db, auth, loaded.template);
  const template = withColumns ? loaded.template : { ...loaded.template, columns: [] };
  return { template, bo: loaded.bo, permissions };
}

export async function permissionsByType(db: Executor, auth: AuthContext, alias: string, types: string) {
  const loaded = await loadTemplate(db, auth, alias);
  const asked = types
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = asked.find((t) => !(TEMPLATE_BUTTONS as readonly string[]).includes(t));
  if (unknown !== undefined) throw badRequest('data.unknownButton', { button: unknown });
  const allowed = await buttonPermissions(db, auth, loaded.template);
  return Object.fromEntries(asked.map((t) => [t, allowed[t as TemplateButton]]));
}

/** A form by id or key; another tenant's form is not found. */
export async function formOf(db: Executor, auth: AuthContext, formId: string) {
  const form = await findForm(db, auth.tenantId, formId);
  if (!form) throw notFound('data.formNotFound', { id: formId });
  return {
    formKey: form.formKey,
    name: form.name,
    schema: form.schema as Record<string, unknown>,
    uiSchema: form.uiSchema as Record<string, unknown>,
  };
}

export async function subEntitiesOfForm(db: Executor, auth: AuthContext, formKey: string) {
  const template = await repo.findTemplateByFormKey(db, auth.tenantId, formKey);
  if (!template) throw notFound('data.formNotFound', { id: formKey });
  const bo = await repo.findBoDef(db, auth.tenantId, template.boAlias);
  return bo?.def.subs ?? [];
}

type Issue = { field: string; label: string; reason: string; sub?: { name: string; row: number } };

/** The dict fields, main and of sub-table rows, whose value is no key of their dictionary (sysDataDict). */
async function dictIssues(
  db: Executor,
  auth: AuthContext,
  bo: BoDefinition,
  data: Record<string, unknown>,
  found: Issue[],
): Promise<Issue[]> {
  const isDict = (f: BoField) => f.type === 'dict' && Boolean(f.dict);
  const typeKeys = [...bo.fields, ...bo.subs.flatMap((s) => s.fields)].filter(isDict).map((f) => f.dict!);
  const keys = await repo.dictKeys(db, auth.tenantId, [...new Set(typeKeys)]);
  const issues: Issue[] = [];
  const check = (fields: BoField[], row: Record<string, unknown>, prefix: string, sub?: Issue['sub']) => {
    for (const field of fields.filter(isDict)) {
      const value = row[field.name];
      const where = `${prefix}${field.name}`;
      if (typeof value !== 'string' || value === '' || found.some((i) => i.field === where)) continue;
      if (!keys.get(field.dict!)?.has(value))
        issues.push({ field: where, label: field.label, reason: 'dict', ...(sub ? { sub } : {}) });
    }
  };
  check(bo.fields, data, '');
  for (const sub of bo.subs) {
    const rows = data[sub.alias];
    if (!Array.isArray(rows)) continue;
    rows.forEach((row: unknown, index) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return;
      const prefix = `${sub.alias}[${index + 1}].`;
      check(sub.fields, row as Record<string, unknown>, prefix, { name: sub.name, row: index + 1 });
    });
  }
  return issues;
}

/**
 * Every error of the data in the caller's language: spec §5 rules and types of each field, dictionary
 * fields (main and sub-table cells) against their dictionary; sub-table errors name the sub-table and the row.
 */
export async function fieldErrors(
  db: Executor,
  auth: AuthContext,
  lang: Language,
  bo: BoDefinition,
  data: Record<string, unknown>,
): Promise<FieldError[]> {
  const issues: Issue[] = checkBoData(bo, data).map((issue) => ({ ...issue, reason: issue.rule }));
  issues.push(...(await dictIssues(db, auth, bo, data, issues)));
  return issues.map((issue) => {
    const reason = { key: `data.rule.${issue.reason}` as 'data.rule.required' };
    const message = issue.sub
      ? translate(lang, 'data.rowError', {
          sub: issue.sub.name,
          row: issue.sub.row,
          label: issue.label,
          reason,
        })
      : translate(lang, 'data.fieldError', { label: issue.label, reason });
    return { field: issue.field, message };
  });
}

/** Refuses data with errors: a 400 whose message lists them (at most five). */
export async function assertValid(
  db: Executor,
  auth: AuthContext,
  lang: Language,
  bo: BoDefinition,
  data: Record<string, unknown>,
) {
  const errors = await fieldErrors(db, auth, lang, bo, data);
  if (errors.length) {
    throw badRequest('data.invalid', {
      message: errors
        .slice(0, 5)
        .map((e) => e.message)
        .join('；'),
    });
  }
}
