import {
  computeBoData,
  type BoDefinition,
  type BoRecord,
  type FieldChange,
  type Language,
  type QueryFilter,
  type TemplateDraft,
} from '@eip/contracts';
import type { Db, Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { splitIds } from '../uc/ids.js';
import * as repo from './data.repository.js';
import { assertValid, loadTemplate, loadTemplateOf, requireButton, storedData } from './template.service.js';

type Data = Record<string, unknown>;

export const toRecord = (row: repo.RecordRow): BoRecord => ({
  id: row.id,
  data: row.data,
  version: row.version,
  createBy: row.createdBy,
  createTime: row.createdAt.toISOString(),
  updateTime: row.updatedAt.toISOString(),
});

export const toDraft = (row: repo.DraftRow): TemplateDraft => ({
  id: row.id,
  templateAlias: row.templateAlias,
  refId: row.refId,
  data: row.data,
  updateTime: row.updatedAt.toISOString(),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose value changed, main fields first, then sub-table cells by row (rows from 1). */
export function changedFields(bo: BoDefinition, before: Data, after: Data): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of bo.fields) {
    if (!same(before[field.name], after[field.name])) {
      changes.push({
        field: field.name,
        label: field.label,
        oldValue: before[field.name] ?? null,
        newValue: after[field.name] ?? null,
      });
    }
  }
  for (const sub of bo.subs) {
    const old = (before[sub.alias] as Data[] | undefined) ?? [];
    const now = (after[sub.alias] as Data[] | undefined) ?? [];
    for (let i = 0; i < Math.max(old.length, now.length); i++) {
      for (const field of sub.fields) {
        const from = old[i]?.[field.name];
        const to = now[i]?.[field.name];
        if (!same(from, to)) {
          changes.push({
            field: `${sub.alias}[${i + 1}].${field.name}`,
            label: `${sub.name}[${i + 1}].${field.label}`,
            oldValue: from ?? null,
            newValue: to ?? null,
          });
        }
      }
    }
  }
  return changes;
}

const userName = (auth: AuthContext) => auth.fullname ?? auth.account;

async function record(
  tx: Executor,
  auth: AuthContext,
  boAlias: string,
  refId: string,
  changes: FieldChange[],
) {
  if (!changes.length) return;
  await repo.insertModifyRecord(tx, {
    tenantId: auth.tenantId,
    boAlias,
    refId,
    userId: auth.userId,
    userName: userName(auth),
    changes,
  });
}

/**
 * A record read through a template (its detail button, as the record's own form); to start flow `startsFlow`
 * from it, the template must have a startFlow button for that flow, which the caller may use. A missing or
 * another tenant's record is not found.
 */
export async function recordThroughTemplate(
  db: Executor,
  auth: AuthContext,
  ref: { templateAlias: string; boAlias: string; businessKey: string },
  startsFlow: string | null,
) {
  const loaded = await loadTemplateOf(db, auth, ref.templateAlias, ref.boAlias);
  await requireButton(db, auth, loaded, 'detail');
  if (startsFlow !== null) {
    if (!loaded.template.buttons.some((b) => b.alias === 'startFlow' && b.defKey === startsFlow))
      throw forbidden('data.flowNotOfTemplate', { flow: startsFlow });
    await requireButton(db, auth, loaded, 'startFlow');
  }
  const row = await repo.findRecord(db, auth.tenantId, ref.boAlias, ref.businessKey);
  if (!row) throw notFound('data.recordNotFound', { id: ref.businessKey });
  return row;
}

export interface SaveInput {
  templateKey: string;
  boAlias: string;
  delDraftId?: string;
  id?: string;
  version?: number;
  data: Data;
}

/** Creates or changes a record (add or edit button), validated, its changes recorded, its draft removed. */
export async function saveRecord(db: Db, auth: AuthContext, lang: Language, input: SaveInput) {
  const loaded = await loadTemplateOf(db, auth, input.templateKey, input.boAlias);
  await requireButton(db, auth, loaded, input.id ? 'edit' : 'add');
  const data = storedData(loaded.bo, input.data);
  await assertValid(db, auth, lang, loaded.bo, data);
  if (input.delDraftId && !(await repo.findDraft(db, auth.tenantId, auth.userId, input.delDraftId))) {
    throw notFound('data.draftNotFound', { id: input.delDraftId });
  }
  return db.transaction(async (tx) => {
    let row: repo.RecordRow;
    if (input.id) {
      const [current] = await repo.lockRecords(tx, auth.tenantId, input.boAlias, [input.id]);
      if (!current) throw notFound('data.recordNotFound', { id: input.id });
      if (input.version !== undefined && input.version !== current.version)
        throw conflict('data.staleVersion');
      const updated = await repo.updateRecord(
        tx,
        auth.tenantId,
        current.id,
        current.version,
        data,
        auth.userId,
      );
      if (!updated) throw conflict('data.staleVersion');
      await record(tx, auth, input.boAlias, current.id, changedFields(loaded.bo, current.data, data));
      row = updated;
    } else {
      row = await repo.insertRecord(tx, auth.tenantId, input.boAlias, data, auth.userId);
    }
    if (input.delDraftId) await repo.deleteDraft(tx, auth.tenantId, auth.userId, input.delDraftId);
    return toRecord(row);
  });
}

export async function copyRecord(db: Db, auth: AuthContext, templateAlias: string, id: string) {
  const loaded = await loadTemplate(db, auth, templateAlias);
  await requireButton(db, auth, loaded, 'copy');
  const source = await repo.findRecord(db, auth.tenantId, loaded.bo.alias, id);
  if (!source) throw notFound('data.recordNotFound', { id });
  const data = computeBoData(loaded.bo, source.data);
  return toRecord(await repo.insertRecord(db, auth.tenantId, loaded.bo.alias, data, auth.userId));
}

export interface BatchInput {
  boAlias: string;
  templateAlias: string;
  ids: string[];
  data: Data;
}

/** Sets the template's batch fields on several records in one transaction; all or nothing. */
export async function batchUpdate(db: Db, auth: AuthContext, lang: Language, input: BatchInput) {
  const loaded = await loadTemplateOf(db, auth, input.templateAlias, input.boAlias);
  await requireButton(db, auth, loaded, 'batchUpdate');
  const field = Object.keys(input.data).find((name) => !loaded.template.batchFields.includes(name));
  if (field !== undefined) throw badRequest('data.notBatchField', { field });
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await repo.lockRecords(tx, auth.tenantId, input.boAlias, ids);
    const missing = ids.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) throw notFound('data.recordNotFound', { id: missing });
    for (const row of rows) {
      const data = computeBoData(loaded.bo, { ...row.data, ...input.data });
      await assertValid(tx, auth, lang, loaded.bo, data);
      await repo.updateRecord(tx, auth.tenantId, row.id, row.version, data, auth.userId);
      await record(tx, auth, input.boAlias, row.id, changedFields(loaded.bo, row.data, data));
    }
    return { updated: rows.length };
  });
}

/** Deletes records through the template of a form key (its del button); an id not found is a 404. */
export async function deleteRecords(
  db: Db,
  auth: AuthContext,
  boAlias: string,
  idList: string,
  formKey: string,
) {
  const template = await repo.findTemplateByFormKey(db, auth.tenantId, formKey);
  if (!template) throw notFound('data.formNotFound', { id: formKey });
  const loaded = await loadTemplateOf(db, auth, template.alias, boAlias);
  await requireButton(db, auth, loaded, 'del');
  const ids = splitIds(idList);
  if (!ids.length) throw badRequest('data.recordNotFound', { id: idList });
  return db.transaction(async (tx) => {
    const rows = await repo.lockRecords(tx, auth.tenantId, boAlias, ids);
    const missing = ids.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) throw notFound('data.recordNotFound', { id: missing });
    return { deleted: await repo.deleteRecords(tx, auth.tenantId, boAlias, ids) };
  });
}

export interface DraftInput {
  id?: string;
  templateAlias: string;
  refId?: string;
  data: Data;
}

export async function saveDraft(db: Db, auth: AuthContext, input: DraftInput) {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  if (input.refId && !(await repo.findRecord(db, auth.tenantId, loaded.bo.alias, input.refId))) {
    throw notFound('data.recordNotFound', { id: input.refId });
  }
  const row = await repo.saveDraft(db, {
    tenantId: auth.tenantId,
    id: input.id,
    templateAlias: input.templateAlias,
    userId: auth.userId,
    refId: input.refId ?? null,
    data: storedData(loaded.bo, input.data),
  });
  if (!row) throw notFound('data.draftNotFound', { id: input.id ?? '' });
  return toDraft(row);
}

export async function draftOf(db: Db, auth: AuthContext, id: string) {
  const row = await repo.findDraft(db, auth.tenantId, auth.userId, id);
  if (!row) throw notFound('data.draftNotFound', { id });
  return toDraft(row);
}

/** The records of a template, or with params.draft the caller's drafts of it. */
export async function templateRows(db: Db, auth: AuthContext, alias: string, filter: QueryFilter) {
  const loaded = await loadTemplate(db, auth, alias);
  const { draft, ...params } = filter.params ?? {};
  const rest = { ...filter, params };
  const list =
    draft === true || draft === 'true'
      ? await repo.listDrafts(db, auth.tenantId, auth.userId, alias, rest)
      : await repo.listRecords(db, auth.tenantId, loaded.bo.alias, loaded.bo, rest);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      data: row.data,
      createTime: row.createdAt.toISOString(),
      updateTime: row.updatedAt.toISOString(),
    })),
  };
}

export async function subRows(
  db: Db,
  auth: AuthContext,
  input: { templateAlias: string; id: string; subAlias: string; page?: number; pageSize?: number },
) {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  if (!loaded.bo.subs.some((s) => s.alias === input.subAlias)) {
    throw notFound('data.subNotFound', { alias: input.subAlias });
  }
  if (!(await repo.findRecord(db, auth.tenantId, loaded.bo.alias, input.id))) {
    throw notFound('data.recordNotFound', { id: input.id });
  }
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? 10;
  const slice = await repo.subRowsPage(
    db,
    auth.tenantId,
    input.id,
    input.subAlias,
    (page - 1) * pageSize,
    pageSize,
  );
  return { rows: slice?.rows ?? [], total: slice?.total ?? 0, page, pageSize };
}

/** A record's change history; params.refId names the record, which must be of the caller's tenant. */
export async function modifyHistory(db: Db, auth: AuthContext, filter: QueryFilter) {
  const refId = filter.params?.refId;
  if (typeof refId !== 'string' || !refId)
    throw badRequest('data.recordNotFound', { id: String(refId ?? '') });
  if (!(await repo.recordExists(db, auth.tenantId, refId)))
    throw notFound('data.recordNotFound', { id: refId });
  const params = { ...filter.params };
  delete params.refId;
  const list = await repo.listModifyRecords(db, auth.tenantId, refId, { ...filter, params });
  return {
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      refId: row.refId,
      userId: row.userId,
      userName: row.userName,
      changes: row.changes,
      createTime: row.createdAt.toISOString(),
    })),
  };
}
