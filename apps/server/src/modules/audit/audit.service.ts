import type { AuditRecord, QueryFilter } from '@eip/contracts';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Db } from '../../db/client.js';
import { tempFileDownload } from '../../files/temp-download.js';
import type { AuthContext } from '../../security/tokens.js';
import { requireAdmin } from '../bpm-personal/access.js';
import type { AuditChain } from './audit-chain.js';
import * as repo from './audit.repository.js';

/** An export holds at most this many records (the newest the filter selects). */
export const AUDIT_EXPORT_LIMIT = 100_000;
const EXPORT_BATCH = 2_000;

const CSV_COLUMNS: (keyof AuditRecord)[] = [
  'createTime',
  'account',
  'userId',
  'action',
  'target',
  'outcome',
  'failureCode',
  'clientIp',
  'requestId',
];

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; a text a spreadsheet would run
 * as a formula (= + - @ at its start) gets a leading apostrophe, so that opening the file runs nothing.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `archived`: the records past the retention, moved to the archive. */
export async function listAudit(db: Db, auth: AuthContext, archived: boolean, filter: QueryFilter) {
  await requireAdmin(db, auth);
  return repo.queryAudit(db, auth.tenantId, repo.trailOf(archived), filter);
}

/** The records the filter selects as a CSV file (UTF-8 with a byte order mark, so that Excel reads Chinese). */
export async function exportAudit(db: Db, auth: AuthContext, archived: boolean, filter: QueryFilter) {
  await requireAdmin(db, auth);
  return tempFileDownload('audit-log.csv', 'text/csv; charset=utf-8', async (filename) => {
    const out = createWriteStream(filename);
    const write = async (line: string) => {
      if (!out.write(line)) await once(out, 'drain');
    };
    try {
      await write(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`);
      for await (const records of repo.auditRecords(
        db,
        auth.tenantId,
        repo.trailOf(archived),
        filter,
        EXPORT_BATCH,
        AUDIT_EXPORT_LIMIT,
      )) {
        await write(records.map((r) => `${CSV_COLUMNS.map((c) => csvField(r[c])).join(',')}\r\n`).join(''));
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
  });
}

/** Whether the tenant's audit records are as they were written (audit-chain.ts). */
export async function verifyAudit(db: Db, chain: AuditChain, auth: AuthContext) {
  await requireAdmin(db, auth);
  return chain.verify(db, auth.tenantId);
}
