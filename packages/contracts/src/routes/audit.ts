import { route } from './route.js';

/** Not in spec §7: the audit trail for administrators (issue 14, 等保 2.0). */
export const auditRoutes = {
  listAuditLog: route({
    method: 'POST',
    group: 'portal',
    path: 'sys/auditLog/v1/listJson',
    access: 'user',
  }),
  exportAuditLog: route({
    method: 'POST',
    group: 'portal',
    path: 'sys/auditLog/v1/export',
    access: 'user',
    audit: 'audit.export',
    kind: 'download',
  }),
  verifyAuditChain: route({
    method: 'GET',
    group: 'portal',
    path: 'sys/auditLog/v1/verifyChain',
    access: 'user',
  }),
};
