import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as audit from './audit.service.js';

export const auditHandlers = ({ db, auditChain }: Services) =>
  defineHandlers({
    listAuditLog: async ({ query, body }, { auth }) =>
      audit.listAudit(db, auth, query.archived === 'true', body),
    exportAuditLog: async ({ query, body }, { auth }) =>
      audit.exportAudit(db, auth, query.archived === 'true', body),
    verifyAuditChain: async (_input, { auth }) => audit.verifyAudit(db, auditChain, auth),
  });
