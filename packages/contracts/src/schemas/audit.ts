import { Type, type Static } from '@sinclair/typebox';
import { DateTime, FileBytes, PageList, QueryFilter, oneOf } from '../common.js';
import { Nullable } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

/** noop: the call succeeded but changed nothing (e.g. a removal of ids that were already gone). */
export const AUDIT_OUTCOMES = ['success', 'noop', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One audited call: who did what to which target, from where, and how it ended. */
export const AuditRecord = Type.Object({
  id: Type.String(),
  userId: Nullable(Type.String()),
  account: Nullable(Type.String()),
  action: Type.String({ description: 'the route’s audit name, e.g. task.complete' }),
  target: Nullable(
    Type.String({
      description:
        'the ids the call named or made, e.g. taskId=… instId=…; a refused read: the route’s path, then the ids',
    }),
  ),
  outcome: oneOf(AUDIT_OUTCOMES),
  /** the error code of a failure (spec §4 codes or the HTTP status) */
  failureCode: Nullable(Type.String()),
  clientIp: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  createTime: DateTime,
});
export type AuditRecord = Static<typeof AuditRecord>;

/** Which trail: the records kept (default), or the archive of those past the retention. */
const TrailQuery = Type.Object({
  archived: Type.Optional(
    oneOf(
      ['true', 'false'],
      'true: the archive — records past AUDIT_RETENTION_DAYS (at least 180), moved there unchanged',
    ),
  ),
});

const AUDIT_FILTER_NOTE =
  'filter and sort on account, action, target, outcome (success | noop | failure), clientIp and createTime; newest first';

export const auditSchemas = {
  listAuditLog: {
    summary: `Administrators: the tenant’s audit trail, paged (${AUDIT_FILTER_NOTE})`,
    query: TrailQuery,
    body: QueryFilter,
    value: PageList(AuditRecord),
  },
  exportAuditLog: {
    summary: `Administrators: the audit records the filter selects (paging ignored, at most 100,000), as a CSV file (UTF-8); ${AUDIT_FILTER_NOTE}`,
    query: TrailQuery,
    body: QueryFilter,
    value: FileBytes,
  },
  verifyAuditChain: {
    summary:
      'Administrators: checks that the tenant’s audit records (archive and trail) are as they were written: each record’s link (SHA-256, or SM3 under GM_MODE) must follow from the record before it and what it says',
    value: Type.Object({
      checked: Type.Integer({ description: 'the records checked (those older than the chain are not)' }),
      intact: Type.Boolean(),
      brokenId: Nullable(
        Type.String({
          description:
            'the first record that does not follow from the one before it (changed, or one before it removed or inserted); when the newest records were removed, the last one left',
        }),
      ),
      newestRemoved: Type.Boolean({ description: 'the records after brokenId were removed' }),
    }),
  },
} as const satisfies Record<string, RouteSchemas>;
