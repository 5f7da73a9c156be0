import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { listMainDefinitions } from './definition.repository.js';
import { deployDefinition } from './definitions.js';
import { isAdmin as isTenantAdmin } from '../bpm-personal/access.js';
import { forbidden } from '../../errors.js';
import * as lists from './lists.repository.js';

const toDefinition = (d: {
  id: string;
  defKey: string;
  name: string;
  version: number;
  flowType: string | null;
  createdAt: Date;
}) => ({
  id: d.id,
  defKey: d.defKey,
  name: d.name,
  version: d.version,
  flowType: d.flowType,
  createTime: d.createdAt.toISOString(),
});

export const bpmHandlers = ({ db }: Services) =>
  defineHandlers({
    deployDefinition: async ({ body }, { auth }) => {
      if (!(await isTenantAdmin(db, auth))) throw forbidden();
      return toDefinition(await deployDefinition(db, auth.tenantId, { ...body, createdBy: auth.userId }));
    },
    listDefinitions: async (_input, { auth }) => {
      const rows = (await listMainDefinitions(db, auth.tenantId)).map(toDefinition);
      return { rows, total: rows.length, page: 1, pageSize: rows.length };
    },
    getSecretaryByUserId: async (_input, { auth }) => {
      const leaders = await lists.leadersServedBy(db, auth.tenantId, auth.userId);
      return { isLeader: leaders.length === 0, leaders };
    },
  });
