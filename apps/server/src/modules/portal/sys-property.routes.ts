import { defineHandlers } from '../../http/register.js';
import { sealKeyOf } from '../../security/sealed.js';
import type { Services } from '../../services.js';
import { propertyValue, saveProperty } from './sys-property.service.js';

export const sysPropertyHandlers = ({ db, config }: Services) => {
  const key = sealKeyOf(config, 'sys-property');
  return defineHandlers({
    getDecryptByAlias: async ({ query }, { auth }) => propertyValue(db, key, auth, query.alias),
    saveSysProperty: async ({ body }, { auth, audit }) => {
      audit.target = `alias=${body.alias}`;
      return saveProperty(db, key, auth, body);
    },
  });
};
