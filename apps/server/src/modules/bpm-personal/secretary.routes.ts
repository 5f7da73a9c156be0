import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import { flag } from './access.js';
import * as secretaries from './secretary.service.js';

export const secretaryHandlers = ({ db }: Services) =>
  defineHandlers({
    listSecretaries: async ({ query, body }, { auth }) =>
      secretaries.listSecretaries(db, auth, !flag(query.personal, true), body),
    saveSecretary: async ({ body }, { auth, audit }) => {
      audit.target = `id=${body.id ?? ''} secretaryId=${body.secretaryId} leaderId=${body.leaderId ?? ''}`;
      return secretaries.saveSecretary(db, auth, body);
    },
    getSecretary: async ({ params }, { auth }) => secretaries.getSecretary(db, auth, params.id),
    removeSecretaries: async ({ query }, { auth, audit }) =>
      changed(audit, await secretaries.removeSecretaries(db, auth, splitIds(query.ids))),
  });
