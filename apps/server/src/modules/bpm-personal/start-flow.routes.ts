import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import * as flows from './start-flow.service.js';

export const startFlowHandlers = ({ db }: Services) =>
  defineHandlers({
    newProcess: async ({ body }, { auth }) => flows.newProcess(db, auth, body),
    newProcessCount: async (_input, { auth }) => flows.newProcessCount(db, auth),
    newProcessCard: async ({ query }, { auth }) => flows.newProcessCard(db, auth, query.size),
    getMyCommonFlow: async (_input, { auth }) => flows.myCommonFlows(db, auth),
    customAddCommonFlow: async ({ body }, { auth, audit }) => {
      audit.target = `defKeys=${body.defKeys.join(',')}`.slice(0, 1000);
      return flows.addCommonFlows(db, auth, body.defKeys);
    },
    batchRemoveCommonFlow: async ({ query }, { auth, audit }) => {
      audit.target = `defKeys=${query.defKeys}`.slice(0, 1000);
      return changed(audit, await flows.removeCommonFlows(db, auth, splitIds(query.defKeys)));
    },
    saveMyOftenFlow: async ({ body }, { auth }) => flows.countMyFlowUse(db, auth, body.defKey),
    getMyOftenFlow: async (_input, { auth }) => flows.myOftenFlows(db, auth),
  });
