import type { FlowSettings } from '@eip/contracts/flow';
import type { Db, Executor } from '../../db/client.js';
import type { DefinitionForm } from '../../db/schema.js';
import { checkFormSchema } from './engine/forms.js';
import { findForm, saveForm } from './form.repository.js';
import { AppError } from '../../errors.js';
import type { FlowModel } from '../../flow/model.js';
import { checkDefinition } from '../../flow/validate.js';
import { findDefinition, insertVersion, type DefinitionRow } from './definition.repository.js';

export interface LoadedDefinition {
  row: DefinitionRow;
  model: FlowModel;
  settings: FlowSettings;
}

/**
 * Loaded definitions by tenant and id. A definition version never changes once deployed, so every
 * server process may keep its own copy and skip the database once it has one: the cache holds nothing
 * another process would need. A missing definition is not kept. Only whether a version is the main one
 * changes (a redeploy): its `row.isMain` is as it was when loaded, so whoever decides by it asks the
 * database (isMainVersion).
 */
const loaded = new Map<string, Promise<LoadedDefinition>>();
const CACHE_LIMIT = 500;

async function load(db: Executor, tenantId: string, id: string): Promise<LoadedDefinition> {
  const row = await findDefinition(db, tenantId, id);
  if (!row) throw new AppError(404, 'flow.definitionNotFound', { id });
  const check = await checkDefinition(row.bpmnXml, row.settings);
  if (!check.ok) throw new Error(`stored definition ${row.id} no longer passes the deploy check`);
  return { row, model: check.model, settings: check.settings };
}

export async function loadDefinition(db: Executor, tenantId: string, id: string): Promise<LoadedDefinition> {
  const key = `${tenantId}:${id}`;
  let entry = loaded.get(key);
  if (!entry) {
    if (loaded.size >= CACHE_LIMIT) loaded.delete(loaded.keys().next().value!);
    entry = load(db, tenantId, id);
    loaded.set(key, entry);
    entry.catch(() => loaded.delete(key));
  }
  return entry;
}

export interface FormInput {
  formKey: string;
  name: string;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
}

/** The form keys a definition's settings refer to (the flow's and each node's). */
const formKeysOf = (settings: FlowSettings) =>
  new Set(
    [settings.global?.form?.formKey, ...Object.values(settings.nodes).map((n) => n.form?.formKey)].filter(
      (key): key is string => Boolean(key),
    ),
  );

/**
 * Deploys a new main version of the definition's key with the forms it brings, after the full deploy
 * check: every form it refers to must come with it or exist already, and every form schema must be a
 * JSON Schema of an object. The version keeps a copy of each form it refers to (see `forms` of
 * bpm_definition). All or nothing.
 */
export async function deployDefinition(
  db: Db,
  tenantId: string,
  input: { bpmnXml: string; settings: unknown; forms?: FormInput[]; createdBy: string | null },
): Promise<DefinitionRow> {
  const check = await checkDefinition(input.bpmnXml, input.settings);
  if (!check.ok) {
    throw new AppError(400, 'flow.deployRefused', {
      problems: check.problems.map((p) => (p.nodeId ? `${p.code}@${p.nodeId}` : p.code)).join(', '),
    });
  }
  for (const form of input.forms ?? []) {
    const problem = checkFormSchema(form.schema);
    if (problem)
      throw new AppError(400, 'flow.formSchemaInvalid', { formKey: form.formKey, reason: problem });
  }
  return db.transaction(async (tx) => {
    for (const form of input.forms ?? []) {
      await saveForm(tx, tenantId, { ...form, uiSchema: form.uiSchema ?? {} });
    }
    const forms: Record<string, DefinitionForm> = {};
    for (const formKey of formKeysOf(check.settings)) {
      const form = await findForm(tx, tenantId, formKey);
      if (!form) throw new AppError(400, 'flow.formMissing', { formKey });
      forms[formKey] = {
        name: form.name,
        schema: form.schema as DefinitionForm['schema'],
        uiSchema: form.uiSchema as DefinitionForm['uiSchema'],
      };
    }
    return insertVersion(tx, tenantId, {
      defKey: check.model.processId,
      name: check.model.processName || check.model.processId,
      flowType: check.settings.global?.flowType ?? null,
      bpmnXml: input.bpmnXml,
      settings: check.settings,
      forms,
      createdBy: input.createdBy,
    });
  });
}
