import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import { flag } from './access.js';
import * as agents from './agent.service.js';

export const agentHandlers = ({ db }: Services) =>
  defineHandlers({
    saveAgent: async ({ body }, { auth, audit }) => {
      audit.target = `id=${body.id ?? ''} agentId=${body.agentId}`;
      return agents.saveAgent(db, auth, body);
    },
    listAgents: async ({ query, body }, { auth }) =>
      agents.listAgents(db, auth, flag(query.isMgr, false), body),
    getAgent: async ({ query }, { auth }) => agents.getAgent(db, auth, query.id),
    removeAgents: async ({ query }, { auth, audit }) =>
      changed(audit, await agents.removeAgents(db, auth, splitIds(query.ids))),
  });
