import type { BoSubEntity, Language } from '@eip/contracts';
import type { MultipartFile } from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import * as repo from './data.repository.js';
import { readSubImport, writeSubRows } from './excel.js';
import { XLSX, dictionariesOf } from './import.service.js';
import { loadTemplate, requireButton, type LoadedTemplate } from './template.service.js';

type Data = Record<string, unknown>;

function subOf(loaded: LoadedTemplate, name: string): BoSubEntity {
  const sub = loaded.bo.subs.find((s) => s.alias === name) ?? loaded.bo.subs.find((s) => s.name === name);
  if (!sub) throw notFound('data.subNotFound', { alias: name });
  return sub;
}

const xlsx = (name: string, file: Buffer): FileDownload => ({
  name,
  contentType: XLSX,
  size: file.length,
  content: Readable.from([file]),
});

/** exportSub: the saved rows of one sub-table of a record of the caller's tenant. */
export async function exportSub(
  db: Db,
  auth: AuthContext,
  input: { templateAlias: string; id: string; subAlias: string },
) {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  await requireButton(db, auth, loaded, 'export');
  const sub = subOf(loaded, input.subAlias);
  const record = await repo.findRecord(db, auth.tenantId, loaded.bo.alias, input.id);
  if (!record) throw notFound('data.recordNotFound', { id: input.id });
  const rows = (record.data[sub.alias] as Data[] | undefined) ?? [];
  const file = await writeSubRows(sub, rows, await dictionariesOf(db, auth, loaded));
  return xlsx(`${loaded.template.name}-${sub.name}.xlsx`, file);
}

/** form/exportFormSub: the rows a form holds, not saved, of the sub-table subDesc names. */
export async function exportFormSub(
  db: Db,
  auth: AuthContext,
  subDesc: string,
  input: { templateAlias: string; rows: Data[] },
) {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  await requireButton(db, auth, loaded, 'export');
  const sub = subOf(loaded, subDesc);
  const file = await writeSubRows(sub, input.rows, await dictionariesOf(db, auth, loaded));
  return xlsx(`${sub.name}.xlsx`, file);
}

/**
 * importSub: a file of one sub-table's rows read for the form of a record (id) or a new one, with the
 * field rules of the form; nothing is saved. Rows with an error anywhere give no rows, only the errors.
 */
export async function importSub(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { templateAlias: string; subAlias: string; id?: string },
  file: MultipartFile | undefined,
) {
  const loaded = await loadTemplate(db, auth, input.templateAlias);
  await requireButton(db, auth, loaded, 'import');
  await requireButton(db, auth, loaded, input.id ? 'edit' : 'add');
  const sub = subOf(loaded, input.subAlias);
  if (input.id && !(await repo.findRecord(db, auth.tenantId, loaded.bo.alias, input.id))) {
    throw notFound('data.recordNotFound', { id: input.id });
  }
  if (!file) throw badRequest('data.importNoFile');
  const read = await readSubImport(await file.toBuffer(), sub, await dictionariesOf(db, auth, loaded), lang);
  return { rows: read.errors.length ? [] : read.rows, errors: read.errors };
}
