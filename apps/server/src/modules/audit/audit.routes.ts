import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as audit from './audit.service.js';

export const auditHandlers = ({ db }: Services) =>
  defineHandlers({
    listAuditLog: async ({ body }, { auth }) => audit.listAudit(db, auth, body),
    exportAuditLog: async ({ body }, { auth }) => audit.exportAudit(db, auth, body),
  });
