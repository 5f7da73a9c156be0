import type { QueryFilter } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { compileQueryFilter } from '../../db/query-filter.js';
import { badRequest } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import { dictEntriesOf } from '../data/data.repository.js';
import { writeExport } from '../data/excel.js';
import { XLSX } from '../data/import.service.js';
import { tempFileDownload } from '../../files/temp-download.js';
import * as repo from './query.repository.js';
import { defaultOrder, loadQuery, pick, scopeOf, viewOf } from './query.service.js';

/** The most rows one export of a query view writes. */
export const QUERY_EXPORT_MAX = 100_000;
const BATCH = 1000;

export interface ExportInput {
  sqlAlias: string;
  alias: string;
  params?: Record<string, unknown>;
  sorter?: QueryFilter['sorter'];
}

/**
 * Every row of a query view for the parameter values, as an .xlsx streamed from disk (the data module's
 * writer): the view's columns, dictionary keys shown by name; each batch read under the statement timeout.
 */
export async function exportView(db: Db, auth: AuthContext, input: ExportInput): Promise<FileDownload> {
  const loaded = await loadQuery(db, auth, input.sqlAlias);
  const view = viewOf(loaded, input.alias);
  const scope = scopeOf(auth, loaded, input.params ?? {});
  const { orderBy } = compileQueryFilter({ sorter: input.sorter }, pick(loaded.columns, view.columns), {
    defaultSort: defaultOrder(loaded),
  });
  const total = (await repo.readOnly(db, (tx) => repo.countRows(tx, scope)))[0]?.n ?? 0;
  if (total > QUERY_EXPORT_MAX) throw badRequest('customQuery.exportTooMany', { max: QUERY_EXPORT_MAX });
  const fields = view.columns.map((name) => loaded.bo.fields.find((field) => field.name === name)!);
  const dicts = await dictEntriesOf(db, auth.tenantId, [
    ...new Set(fields.flatMap((f) => (f.type === 'dict' && f.dict ? [f.dict] : []))),
  ]);
  async function* batches() {
    for (let offset = 0; offset < total; offset += BATCH) {
      const limit = Math.min(BATCH, total - offset);
      yield await repo.readOnly(db, (tx) =>
        repo.queryRows(tx, scope, view.columns, { orderBy, limit, offset }),
      );
    }
  }
  const name = `${loaded.row.name}-${view.name}`;
  return tempFileDownload(`${name}.xlsx`, XLSX, (filename) =>
    writeExport(filename, { fields, subs: [] }, name, dicts, batches()),
  );
}
