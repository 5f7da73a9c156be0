import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import { flag } from './access.js';
import * as items from './approval-item.service.js';

export const approvalItemHandlers = ({ db }: Services) =>
  defineHandlers({
    saveApprovalItem: async ({ body }, { auth }) => items.saveItem(db, auth, body),
    listApprovalItems: async ({ query, body }, { auth }) =>
      items.listItems(db, auth, flag(query.isPersonal, true), body),
    removeApprovalItems: async ({ query }, { auth, audit }) =>
      changed(audit, await items.removeItems(db, auth, splitIds(query.ids))),
    getApprovalByDefKeyAndTypeId: async ({ query }, { auth }) =>
      items.itemsForFlow(db, auth, query.defKey, query.typeId),
  });
