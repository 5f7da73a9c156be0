import type { FlowSettings } from '@eip/contracts/flow';
import type { Executor } from '../../db/client.js';
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
 * Parsed definitions by id. A definition version never changes once deployed, so every server process
 * may keep its own copy: the cache holds nothing another process would need.
 */
const parsed = new Map<string, Promise<{ model: FlowModel; settings: FlowSettings }>>();
const CACHE_LIMIT = 500;

async function parse(row: DefinitionRow) {
  const check = await checkDefinition(row.bpmnXml, row.settings);
  if (!check.ok) throw new Error(`stored definition ${row.id} no longer passes the deploy check`);
  return { model: check.model, settings: check.settings };
}

export async function loadDefinition(db: Executor, tenantId: string, id: string): Promise<LoadedDefinition> {
  const row = await findDefinition(db, tenantId, id);
  if (!row) throw new AppError(404, 'flow.definitionNotFound', { id });
  const key = `${tenantId}:${id}`;
  let entry = parsed.get(key);
  if (!entry) {
    if (parsed.size >= CACHE_LIMIT) parsed.delete(parsed.keys().next().value!);
    entry = parse(row);
    parsed.set(key, entry);
    entry.catch(() => parsed.delete(key));
  }
  return { row, ...(await entry) };
}

/** Deploys a new main version of the definition's key, after the full deploy check. */
export async function deployDefinition(
  db: Executor,
  tenantId: string,
  input: { bpmnXml: string; settings: unknown; createdBy: string | null },
): Promise<DefinitionRow> {
  const check = await checkDefinition(input.bpmnXml, input.settings);
  if (!check.ok) {
    throw new AppError(400, 'flow.deployRefused', {
      problems: check.problems.map((p) => (p.nodeId ? `${p.code}@${p.nodeId}` : p.code)).join(', '),
    });
  }
  return insertVersion(db, tenantId, {
    defKey: check.model.processId,
    name: check.model.processName || check.model.processId,
    flowType: check.settings.global?.flowType ?? null,
    bpmnXml: input.bpmnXml,
    settings: check.settings,
    createdBy: input.createdBy,
  });
}
