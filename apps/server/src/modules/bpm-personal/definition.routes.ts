import { defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import * as defs from './definition.service.js';
import { queryMainDefinitions } from './definition.repository.js';
import { typeTree } from './sys-type.repository.js';

export const definitionHandlers = ({ db }: Services) =>
  defineHandlers({
    getTypesByKey: async ({ query }, { auth }) => typeTree(db, auth.tenantId, query.typeKey),
    queryDefinitions: async ({ body }, { auth }) => queryMainDefinitions(db, auth.tenantId, body),
    defGet: async ({ query }, { auth }) => defs.definitionInfo(db, auth, query.defId),
    getMainByDefIdOrKey: async ({ query }, { auth }) => defs.mainDefinition(db, auth, query),
    getDefDesignByDefId: async ({ query }, { auth }) => defs.definitionDesign(db, auth, query.defId),
    flowHasStartRights: async ({ query }, { auth }) => defs.mayStart(db, auth, query),
    getStartRight: async ({ query }, { auth }) => defs.startRight(db, auth, query.defKey),
  });
