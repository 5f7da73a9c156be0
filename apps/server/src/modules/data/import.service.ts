import type { Language, QueryFilter } from '@eip/contracts';
import type { MultipartFile } from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { tempFileDownload } from '../../files/temp-download.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import * as data from './data.repository.js';
import { importTemplate, readImport, writeExport } from './excel.js';
import * as repo from './import.repository.js';
import {
  assertValid,
  loadTemplate,
  requireButton,
  storedData,
  type LoadedTemplate,
} from './template.service.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PREVIEW_ROWS = 20;
const EXPORT_BATCH = 1000;

/** The dictionaries of every dict field of a template's business object, main and sub-tables. */
export const dictionariesOf = (db: Db, auth: AuthContext, loaded: LoadedTemplate) =>
  data.dictEntriesOf(db, auth.tenantId, [
    ...new Set(
      [...loaded.bo.fields, ...loaded.bo.subs.flatMap((s) => s.fields)].flatMap((f) =>
        f.type === 'dict' && f.dict ? [f.dict] : [],
      ),
    ),
  ]);

export async function downloadTemplate(db: Db, auth: AuthContext, alias: string): Promise<FileDownload> {
  const loaded = await loadTemplate(db, auth, alias);
  await requireButton(db, auth, loaded, 'import');
  const file = await importTemplate(loaded.bo, loaded.template.name, await dictionariesOf(db, auth, loaded));
  return {
    name: `${loaded.template.name}-导入模板.xlsx`,
    contentType: XLSX,
    size: file.length,
    content: Readable.from([file]),
  };
}

const toResult = (cache: Awaited<ReturnType<typeof repo.saveImportCache>>) => ({
  importId: cache.id,
  templateAlias: cache.templateAlias,
  fileName: cache.fileName,
  total: cache.rows.length,
  valid: cache.rows.filter((r) => r.valid).length,
  errors: cache.errors,
  preview: cache.rows.slice(0, PREVIEW_ROWS),
});

/** The dry run: reads the file, checks every row, and keeps the outcome for review; no record changes. */
export async function dryRun(
  db: Db,
  auth: AuthContext,
  lang: Language,
  alias: string,
  file: MultipartFile | undefined,
) {
  const loaded = await loadTemplate(db, auth, alias);
  await requireButton(db, auth, loaded, 'import');
  if (!file) throw badRequest('data.importNoFile');
  const bytes = await file.toBuffer();
  const dicts = await dictionariesOf(db, auth, loaded);
  const read = await readImport(bytes, loaded.bo, loaded.template.name, dicts, lang);
  const cache = await repo.saveImportCache(db, {
    tenantId: auth.tenantId,
    templateAlias: alias,
    userId: auth.userId,
    fileName: file.filename.slice(0, 200),
    rows: read.rows.map((r) => ({ ...r, data: storedData(loaded.bo, r.data) })),
    errors: read.errors,
  });
  return toResult(cache);
}

export async function importCache(db: Db, auth: AuthContext, id: string) {
  const cache = await repo.findImportCache(db, auth.tenantId, auth.userId, id);
  if (!cache) throw notFound('data.importNotFound', { id });
  return toResult(cache);
}

const toLog = (row: Awaited<ReturnType<typeof repo.insertImportLog>>) => ({
  id: row.id,
  templateAlias: row.templateAlias,
  userName: row.userName,
  fileName: row.fileName,
  total: row.total,
  succeeded: row.succeeded,
  failed: row.failed,
  createTime: row.createdAt.toISOString(),
});

/** Saves a dry run's rows without errors as records, logs the import and drops the dry run. */
export async function saveImport(db: Db, auth: AuthContext, id: string) {
  const cache = await repo.findImportCache(db, auth.tenantId, auth.userId, id);
  if (!cache) throw notFound('data.importNotFound', { id });
  const loaded = await loadTemplate(db, auth, cache.templateAlias);
  await requireButton(db, auth, loaded, 'import');
  const valid = cache.rows.filter((r) => r.valid).map((r) => r.data);
  return db.transaction(async (tx) => {
    if (!(await repo.takeImportCache(tx, auth.tenantId, id))) throw notFound('data.importNotFound', { id });
    await repo.insertRecords(tx, auth.tenantId, loaded.bo.alias, valid, auth.userId);
    return toLog(
      await repo.insertImportLog(tx, {
        tenantId: auth.tenantId,
        templateAlias: cache.templateAlias,
        userId: auth.userId,
        userName: auth.fullname ?? auth.account,
        fileName: cache.fileName,
        total: cache.rows.length,
        succeeded: valid.length,
        failed: cache.rows.length - valid.length,
      }),
    );
  });
}

/** Creates several records; every one is checked first, and one failure saves none. */
export async function batchSave(
  db: Db,
  auth: AuthContext,
  lang: Language,
  alias: string,
  rows: Record<string, unknown>[],
) {
  const loaded = await loadTemplate(db, auth, alias);
  await requireButton(db, auth, loaded, 'add');
  const picked = rows.map((row) => storedData(loaded.bo, row));
  for (const row of picked) await assertValid(db, auth, lang, loaded.bo, row);
  await repo.insertRecords(db, auth.tenantId, loaded.bo.alias, picked, auth.userId);
  return { saved: picked.length };
}

export async function importLogs(db: Db, auth: AuthContext, filter: QueryFilter) {
  const list = await repo.listImportLogs(db, auth.tenantId, filter);
  return { ...list, rows: list.rows.map(toLog) };
}

/** The export: records streamed batch by batch into a file on disk, sent and then removed. */
export async function exportRecords(
  db: Db,
  auth: AuthContext,
  input: { templateAlias: string; ids?: string[]; filter?: QueryFilter },
): Promise<FileDownload> {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  await requireButton(db, auth, loaded, 'export');
  const dicts = await dictionariesOf(db, auth, loaded);
  async function* batches() {
    let after = '';
    for (;;) {
      const batch = await repo.recordsAfter(
        db,
        auth.tenantId,
        loaded.bo.alias,
        loaded.bo,
        input,
        after,
        EXPORT_BATCH,
      );
      if (!batch.length) return;
      yield batch.map((r) => r.data);
      after = batch.at(-1)!.id;
    }
  }
  return tempFileDownload(`${loaded.template.name}.xlsx`, XLSX, (filename) =>
    writeExport(filename, loaded.bo, loaded.template.name, dicts, batches()),
  );
}
